import type { FlowLinkRefusal } from '../headless/checkFlowLinkEmbeddable.js';
import type { FlowLauncherMessages, PaymentsMessages } from '../messages/types.js';
import { ErrorReference } from '../shared/ErrorState.js';

/**
 * A flow link the kit (or the proxy) would not embed. Nobody on the page can mend the link, so
 * there is no retry: the next step is support, with the request's reference.
 */
export function FlowLinkRefused({
  refusal,
  requestId,
  messages,
}: {
  refusal: FlowLinkRefusal;
  requestId: string | undefined;
  messages: FlowLauncherMessages & Pick<PaymentsMessages, 'errorReference'>;
}) {
  return (
    <div className="pk-state pk-error" role="alert" data-state="error" data-kind="link-refused">
      <p className="pk-state__title pk-error__title">{refusal === 'unsafe' ? messages.flowLinkRefused : messages.flowLinkNotAllowed}</p>
      <p className="pk-state__message pk-error__message">{messages.flowLinkRefusedNextStep}</p>
      <ErrorReference requestId={requestId} messages={messages} />
    </div>
  );
}

/** The hosted page said its link expired: "Start again" creates a new flow. */
export function FlowExpired({ messages, onRestart }: { messages: FlowLauncherMessages; onRestart: () => void }) {
  return (
    <div className="pk-state pk-flow__expired" data-state="expired">
      <p className="pk-state__title">{messages.flowLinkExpired}</p>
      <div className="pk-actions">
        <button type="button" className="pk-button" data-variant="primary" onClick={onRestart}>
          {messages.flowRecreate}
        </button>
      </div>
    </div>
  );
}
