// payments-kit/testing/node: the sandbox served over node:http.
export { startSandboxServer } from './startSandboxServer.js';
export type { SandboxServer, SandboxServerOptions } from './startSandboxServer.js';
