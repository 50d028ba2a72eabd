import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import type { PaymentsError } from '../../api/index.js';
import { ErrorState, type ErrorStateProps } from './ErrorState.js';
import { LiveRegion } from './LiveRegion.js';
import { LoadingState, type LoadingStateProps } from './LoadingState.js';

/** A heading level a card may take; its sections use the next one. */
export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

/** Props of {@link ReadCard}. */
export interface ReadCardProps extends ComponentPropsWithoutRef<'section'> {
  /** `data-state` of the card: `loading` shows the skeleton, `error` without children the read's error. */
  state: string;
  /** `data-pk-theme` of the card (the provider's theme). */
  theme: string | undefined;
  /** Id of the heading, which the caller names the card by (`aria-labelledby`). */
  headingId: string;
  level: HeadingLevel;
  /** The heading's text (not `title`, which stays the section's native attribute). */
  heading: ReactNode;
  /** The header's class; `caption` follows the heading in it. */
  header: string;
  caption?: ReactNode;
  /** What the live region says now; empty while there is nothing to say. */
  announcement: string;
  messages: ErrorStateProps['messages'] & LoadingStateProps['messages'];
  /** Skeleton lines while loading, roughly the height of what loads. */
  lines: number;
  /**
   * The read: its error (none, for a success the card cannot show, counts as
   * `invalid_response`) and `refetch`, which "Try again" calls.
   */
  query: { error: PaymentsError | null; refetch: () => unknown };
}

/**
 * The shell of a card that reads something: a `<section>` with a header and its heading, the
 * body for its state, and a live region. The loading and error states are the same for every
 * read; the caller's children are the others. Reads are GETs (docs/api.md#operations), so
 * retrying is safe and offered, except after `invalid_request`, which the same input would meet
 * again, and after a refused session or grant or a refusal of the payments service (`ErrorState`
 * shows those without a retry button).
 */
export function ReadCard({
  state, theme, headingId, level, heading, header, caption, announcement, messages, lines, query, children, ...rest
}: ReadCardProps) {
  const Heading = `h${level}` as const;
  const { error } = query;
  const kind = error?.kind ?? 'invalid_response';
  return (
    <section data-state={state} data-pk-theme={theme} {...rest}>
      <header className={header}>
        <Heading id={headingId} className="pk-card__title">
          {heading}
        </Heading>
        {caption}
      </header>
      {state === 'loading' ? (
        <LoadingState messages={messages} lines={lines} />
      ) : (
        (children ?? (
          <ErrorState
            error={error ?? { kind }}
            messages={messages}
            onRetry={kind === 'invalid_request' ? undefined : () => void query.refetch()}
          />
        ))
      )}
      {/* Rendered in every state, at the same place, so that changing its text is announced. */}
      <LiveRegion>{announcement}</LiveRegion>
    </section>
  );
}
