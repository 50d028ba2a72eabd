// The contract layer: zod schemas of the specified resources, the operations table and the
// one error type. Imports zod only; safe on the server (no 'use client').
export {
  PaymentsError,
  isPaymentsError,
  isNotFoundError,
  isRetryableError,
  paymentsErrorKinds,
  paymentsErrorBodySchema,
} from './errors.js';
export type { PaymentsErrorKind, PaymentsErrorInit, PaymentsErrorBody } from './errors.js';

export {
  operations,
  operationNames,
  buildPath,
  matchOperationPath,
  pathParamNames,
  parseRequestPart,
  parseResponse,
  idempotencyKeySchema,
  legacyTransactionIdSchema,
  transactionIdSchema,
  paymentIntentIdSchema,
  volumeQuerySchema,
} from './operations.js';
export type {
  ApiBase,
  HttpMethod,
  OperationDefinition,
  OperationMatch,
  OperationName,
  Operations,
  OperationParams,
  OperationQuery,
  OperationQueryInput,
  OperationBody,
  OperationBodyInput,
  OperationResponse,
} from './operations.js';

export { integerSchema, numberSchema } from './schemas/numeric.js';
export type { OpenEnum } from './schemas/openEnum.js';
export {
  legacyTransactionSchema,
  legacyTransactionResponseSchema,
  receiptSchema,
  receiptItemSchema,
  transactionSchema,
  transferSchema,
  knownLegacyTransactionTypes,
  knownTransactionTypes,
  knownTransferStatuses,
  knownTransferTypes,
  knownTransferPlatforms,
} from './schemas/transaction.js';
export type {
  LegacyTransaction,
  LegacyTransactionResponse,
  LegacyTransactionType,
  Receipt,
  ReceiptItem,
  Transaction,
  TransactionType,
  Transfer,
  TransferStatus,
  TransferType,
  TransferPlatform,
} from './schemas/transaction.js';
export {
  paymentIntentSchema,
  paymentIntentStatuses,
  knownCurrencies,
  confirmPaymentIntentBodySchema,
} from './schemas/paymentIntent.js';
export type {
  PaymentIntent,
  PaymentIntentStatus,
  KnownPaymentIntentStatus,
  Currency,
  ConfirmPaymentIntentBody,
} from './schemas/paymentIntent.js';
export {
  flowSchema,
  flowSteps,
  flowStepInputSchema,
  createFlowBodySchema,
  metadataInputSchema,
  flowStepName,
  parseSafeUrl,
} from './schemas/flow.js';
export type { Flow, FlowStep, KnownFlowStep, FlowStepInput, CreateFlowBody } from './schemas/flow.js';
export { volumeMetricSchema, knownVolumePeriods, knownVolumeTypes } from './schemas/volume.js';
export type { VolumeMetric, VolumePeriod, VolumeType } from './schemas/volume.js';
