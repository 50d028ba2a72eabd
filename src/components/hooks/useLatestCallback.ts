// The helper lives in the client layer, whose provider needs it too; the hooks import it from here.
export { useLatestCallback } from '../../client/useLatestCallback.js';
