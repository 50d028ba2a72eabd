// payments-kit/testing/msw: the sandbox behind MSW request handlers. Apart from
// payments-kit/testing because it imports msw (an optional peer dependency): the sandbox
// itself, and its node server, work without it.
export { createSandboxHandlers } from './createSandboxHandlers.js';
export type { SandboxHandlersOptions } from './createSandboxHandlers.js';
