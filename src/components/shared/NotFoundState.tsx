import type { ComponentPropsWithoutRef } from 'react';
import { cx } from './cx.js';
import type { PaymentsMessages } from '../messages/types.js';

/** Props of {@link NotFoundState}. */
export interface NotFoundStateProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'role'> {
  /** Not-found words. */
  messages: Pick<PaymentsMessages, 'notFoundTitle' | 'notFoundDescription'>;
}

/**
 * The not-found state (an HTTP 404, `isNotFoundError`). A status region, not an alert: the
 * answer is definite and retrying will not change it, so no retry button either.
 */
export function NotFoundState({ messages, className, ...rest }: NotFoundStateProps) {
  return (
    <div className={cx('pk-state', 'pk-not-found', className)} role="status" data-state="not-found" {...rest}>
      <p className="pk-state__title">{messages.notFoundTitle}</p>
      <p className="pk-state__message">{messages.notFoundDescription}</p>
    </div>
  );
}
