import type { Flow } from '../../api/index.js';
import { parseTimestamp } from '../shared/parseTimestamp.js';

/**
 * How long a flow link created with a user id stays usable: about 15 minutes, by the kit's own
 * rule, since the API does not say (docs/api.md#create-a-flow).
 */
export const FLOW_LINK_TTL_MS = 15 * 60_000;

/**
 * When the link of a just-created flow stops working, in this browser's clock, or undefined when
 * it has no authenticated window (no user id). Counted from `flow.created`, unless the two
 * clocks plainly disagree — `created` in the future, or older than the whole window for a flow
 * made a moment ago — in which case from when the answer arrived, so a skewed laptop clock
 * neither expires every link at once nor keeps a dead one.
 */
export function flowDeadline(flow: Flow, receivedAt: number, userId: string | undefined): number | undefined {
  if (userId === undefined && (flow.user_id === null || flow.user_id === '')) return undefined;
  const created = parseTimestamp(flow.created)?.date.getTime();
  const elapsed = created === undefined ? -1 : receivedAt - created;
  const start = created !== undefined && elapsed >= 0 && elapsed < FLOW_LINK_TTL_MS ? created : receivedAt;
  return start + FLOW_LINK_TTL_MS;
}
