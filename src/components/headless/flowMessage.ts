/** A message from the hosted flow page, as the kit understands it. */
export type FlowFrameMessage =
  | { type: 'height'; height: number }
  | { type: 'step'; step: string }
  | { type: 'expired' }
  | { type: 'other' };

/** Bounds of the frame's height, in CSS pixels: a page cannot shrink to nothing or grow without end. */
export const MIN_FRAME_HEIGHT = 160;
export const MAX_FRAME_HEIGHT = 4000;

/**
 * Reads a `message` event's data from the hosted page (the protocol in docs/api.md#create-a-flow). Only own
 * properties are read: the data is a structured clone, but the kit does not trust its shape.
 * - `{ height }` (finite number): resize, clamped to [MIN_FRAME_HEIGHT, MAX_FRAME_HEIGHT];
 * - `{ step, status: 'completed' | 'completed-saved' }`: a step is done;
 * - `{ status: 'expired' }`: the link's authenticated window has passed;
 * - anything else is `other` (handed to the host's `onMessage`, never acted on).
 */
export function readFlowMessage(data: unknown): FlowFrameMessage {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { type: 'other' };
  const record = data as Record<string, unknown>;
  const own = (key: string): unknown => (Object.hasOwn(record, key) ? record[key] : undefined);
  const height = own('height');
  if (typeof height === 'number' && Number.isFinite(height)) {
    return { type: 'height', height: Math.round(Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, height))) };
  }
  const status = own('status');
  const step = own('step');
  if (typeof step === 'string' && (status === 'completed' || status === 'completed-saved')) return { type: 'step', step };
  if (status === 'expired' && step === undefined) return { type: 'expired' };
  return { type: 'other' };
}
