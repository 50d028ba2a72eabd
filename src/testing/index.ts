// payments-kit/testing: the local sandbox of the payments API, for demos, stories and tests.
// Imports the contract layer only: no msw (payments-kit/testing/msw has the MSW handlers) and no
// node built-ins (payments-kit/testing/node has the HTTP server).
export { createSandbox, sandboxCredentials } from './createSandbox.js';
export type { Sandbox, SandboxOptions, SandboxCall } from './createSandbox.js';
export type { SandboxFault, FaultOptions } from './sandboxFaults.js';
export type { SandboxData } from './sandboxOperations.js';
export type { SandboxWebhookOptions } from './sandboxWebhooks.js';
export { sandboxIds, UNKNOWN_INTENT_STATUS, volumeFor } from './fixtures.js';
export { transferIds, manyTransferId } from './transferFixtures.js';
export type { TransferAnswer } from './transferFixtures.js';
export { SANDBOX_DEFAULT_LIMIT } from './sandboxLists.js';
export { payoutsGuideTransfer, transfersOverviewTransfer } from './publishedTransfers.js';
