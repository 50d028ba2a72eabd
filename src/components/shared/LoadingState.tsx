import type { ComponentPropsWithoutRef } from 'react';
import { cx } from './cx.js';
import type { PaymentsMessages } from '../messages/types.js';

/** Props of {@link LoadingState}. */
export interface LoadingStateProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'role'> {
  /** Needs only `loading`, read to screen readers. */
  messages: Pick<PaymentsMessages, 'loading'>;
  /** Skeleton lines to draw, roughly the height of what is loading (default 3). */
  lines?: number | undefined;
}

/**
 * The loading state: an `aria-busy` status region whose text ("Loading…") is visually hidden,
 * above a decorative skeleton (`aria-hidden`). The shimmer stops under `prefers-reduced-motion`.
 */
export function LoadingState({ messages, lines = 3, className, ...rest }: LoadingStateProps) {
  const count = Math.max(1, Math.min(12, Math.floor(lines)));
  return (
    <div className={cx('pk-state', 'pk-loading', className)} role="status" aria-busy="true" data-state="pending" {...rest}>
      <span className="pk-visually-hidden">{messages.loading}</span>
      <div className="pk-skeleton" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <span key={index} className="pk-skeleton__line" />
        ))}
      </div>
    </div>
  );
}
