// payments-kit/server/flows: reading a flow (getFlow), served by the proxy when its `operations`
// option names it. Apart from payments-kit/server so a proxy whose pages follow no flow through an
// event stream carries none of it. Runtime-neutral like payments-kit/server.
export { flowOperations } from './flowOperations.js';
export type { ProxyOperations } from '../sessions/ProxyOperations.js';
