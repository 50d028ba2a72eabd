import { PaymentsError, type Flow } from '../../api/index.js';
import { isProductionBuild } from '../shared/isProductionBuild.js';
import { checkFlowLinkEmbeddable, type FlowLinkRefusal } from './checkFlowLinkEmbeddable.js';
import { withStyles, type HostedFlowStyles } from './flowStyles.js';

/** What a created flow opens as: its checked link and the origin its messages must come from, or the refusal. */
export type FlowOpening =
  | { flow: Flow; src: string; origin: string; error?: undefined }
  | { error: PaymentsError; refusal: Exclude<FlowLinkRefusal, 'server'> };

/** What a developer reads in `onError` for each refused link. */
const linkRefusedMessages: Record<Exclude<FlowLinkRefusal, 'server'>, string> = {
  origin: 'The flow link’s origin is not in `allowedOrigins`: add it there if the hosted flow is yours.',
  'own-origin':
    'The flow link is on this page’s own origin, never embedded: it could act as this page (a development build embeds it when `allowedOrigins` lists it).',
  unsafe: 'The flow link is not https (http only on loopback, and in production builds only when `allowedOrigins` lists it): not embedded.',
};

/** A link's origin for the developer's warning: never its path, which may carry the user's token. */
function linkOrigin(link: string): string {
  try {
    return new URL(link).origin;
  } catch {
    return 'an unreadable address';
  }
}

/**
 * Checks a created flow's link (`checkFlowLinkEmbeddable`) and makes what the frame opens: the
 * link's parsed `href` with `styles` when given, and the flow with only its own steps among
 * `completed_steps`. A chunk of its own (`loadFlowOpening`), loaded with each creation while its
 * request is out: a page that never starts a flow never needs it.
 */
export function openFlow(
  created: Flow,
  allowedOrigins: readonly string[] | undefined,
  styles: (() => HostedFlowStyles | undefined) | undefined,
): FlowOpening {
  const check = checkFlowLinkEmbeddable(created.link, allowedOrigins, {
    pageOrigin: typeof window === 'undefined' ? undefined : window.location.origin,
    production: isProductionBuild(),
  });
  if (!check.ok) {
    const error = new PaymentsError({
      kind: 'invalid_response',
      code: 'flow_link_refused',
      operation: 'createFlow',
      message: linkRefusedMessages[check.reason],
    });
    // Once per refusal, in every build: the page only says the flow can't be opened here, and
    // whoever set the page up needs the origin and the option that allows it.
    console.warn(`payments-kit: flow link of ${linkOrigin(created.link)} not embedded. ${error.message} (elements: \`allowed-origins\`)`);
    return { error, refusal: check.reason };
  }
  const themed = styles?.();
  return {
    flow: { ...created, completed_steps: created.completed_steps.filter((step) => created.steps.includes(step)) },
    src: (themed ? withStyles(check.url, themed) : check.url).href,
    origin: check.url.origin,
  };
}
