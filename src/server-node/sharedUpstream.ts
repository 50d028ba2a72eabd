import { createUndiciUpstream, type UndiciUpstream } from './createUndiciUpstream.js';

let shared: UndiciUpstream | undefined;

/**
 * The upstream client of every Node proxy made without an `upstream` (or `fetch`) option: one per
 * process, made on first use, so that all of them share its keep-alive pools.
 */
export function sharedUpstream(): UndiciUpstream {
  return (shared ??= createUndiciUpstream());
}
