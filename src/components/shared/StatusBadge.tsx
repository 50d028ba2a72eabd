import type { ComponentPropsWithoutRef } from 'react';
import type { PaymentIntentStatus, TransferStatus } from '../../api/index.js';
import { cx } from './cx.js';
import { statusTone, type StatusKind, type StatusMessages } from './statusTone.js';

/** Props of {@link StatusBadge}. */
export interface StatusBadgeProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
  /** Which open enum `status` belongs to. */
  kind: StatusKind;
  /** The status as the API sent it; unknown values are shown raw, a missing one as "Status unknown". */
  status: PaymentIntentStatus | TransferStatus | null | undefined;
  /** Status words. */
  messages: StatusMessages;
}

/**
 * A status word in a badge, `.pk-badge[data-tone]`. `data-status` carries the raw value (so a
 * host can style one status) and `data-known="false"` marks a value the kit has no word for;
 * such a raw value is isolated (`dir="auto"`), so `awaiting_kyc_review` reads the same in
 * right-to-left text.
 *
 * Holds no hooks: lists call it as a function, so that each value is elements only
 * (test/components/shared/hookFree.test.tsx).
 */
export function StatusBadge({ kind, status, messages, className, ...rest }: StatusBadgeProps) {
  const { tone, label, known } = statusTone(kind, status, messages);
  return (
    <span
      className={cx('pk-badge', className)}
      data-tone={tone}
      data-status={status ?? undefined}
      data-known={known ? 'true' : 'false'}
      dir={known ? undefined : 'auto'}
      {...rest}
    >
      {label}
    </span>
  );
}
