/** What a change is about: the resources the kit's components show. */
export type PaymentsChangeKind = 'transaction' | 'transfer' | 'flow' | 'paymentIntent';

/**
 * "This resource changed", as the proxy passes it between instances: never the event's content,
 * only what changed and, where known, whose it is. A page gets `kind` and `id` alone and
 * re-reads the resource through the proxy's checked read.
 */
export interface PaymentsChange {
  kind: PaymentsChangeKind;
  id: string;
  /** The payments API user the resource belongs to, where the event or a lookup said. */
  userId?: string | undefined;
}

export const changeKinds: readonly PaymentsChangeKind[] = ['transaction', 'transfer', 'flow', 'paymentIntent'];

const MAX_ID_CHARS = 255;

/** An id as the API sends it (a string, or a transaction's number), or `undefined` when it is none. */
export function idOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return typeof value === 'string' && value !== '' && value.length <= MAX_ID_CHARS ? value : undefined;
}

/**
 * A change as the bus delivered it (another instance published it, through Redis), checked: the
 * change, or `undefined` when it is not one.
 */
export function checkChange(value: unknown): PaymentsChange | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, id, userId } = value as Record<string, unknown>;
  const checked = { kind: kind as PaymentsChangeKind, id: idOf(id), userId: idOf(userId) };
  if (!changeKinds.includes(checked.kind) || checked.id === undefined) return undefined;
  return { kind: checked.kind, id: checked.id, ...(checked.userId === undefined ? {} : { userId: checked.userId }) };
}
