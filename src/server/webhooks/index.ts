// payments-kit/server/webhooks: live status. The payments API's webhooks verified at the merchant's
// server, and a stream of Server-Sent Events to each page saying which of its resources changed.
// Runtime-neutral like payments-kit/server (Web Crypto, fetch's Request and Response): Node and
// edge. The Redis bus and dedupe for many instances are in payments-kit/server/redis.
export { createPaymentsEvents } from './createPaymentsEvents.js';
export type { PaymentsEvents, PaymentsEventsHandler, PaymentsEventsOptions, PaymentsOwnerResolver } from './createPaymentsEvents.js';
export { createMemoryEventBus, createMemoryWebhookDedupe } from './PaymentsEventBus.js';
export type { MemoryWebhookDedupeOptions, PaymentsEventBus, PaymentsWebhookDedupe } from './PaymentsEventBus.js';
export type { PaymentsChange, PaymentsChangeKind } from './PaymentsChange.js';
export type { PaymentsWebhookSecret } from './webhookSecrets.js';
