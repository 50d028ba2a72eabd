// payments-kit/testing: the local sandbox of the payments API, for demos, stories and tests.
// Imports the contract layer only (and msw for the handlers). No node built-ins here: the
// node server is in payments-kit/testing/node.
export { createSandbox, sandboxCredentials } from './createSandbox.js';
export type {
  Sandbox,
  SandboxOptions,
  SandboxFault,
  FaultOptions,
  SandboxCall,
  SandboxData,
} from './createSandbox.js';
export { createSandboxHandlers } from './createSandboxHandlers.js';
export type { SandboxHandlersOptions } from './createSandboxHandlers.js';
export { sandboxIds, UNKNOWN_INTENT_STATUS, volumeFor } from './fixtures.js';
