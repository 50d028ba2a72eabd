// payments-kit/server/transfers: the transfer lists and the single transfer, served by the proxy
// when its `operations` option names them. Apart from payments-kit/server so a proxy that lists
// no transfers carries none of their schemas or checks. Runtime-neutral like payments-kit/server.
export { transferOperations } from './transferOperations.js';
export type { ProxyOperations } from '../sessions/ProxyOperations.js';
export { createTransfersExport } from './createTransfersExport.js';
export type { TransfersExportOptions } from './createTransfersExport.js';
export { resolveTransferOwner } from './resolveTransferOwner.js';
export type { TransferOwnerOptions } from './resolveTransferOwner.js';
