// The contract layer: zod schemas of the API's resources (docs/api.md), the operations table and the
// one error type. Imports zod only; safe on the server (no 'use client').
export {
  PaymentsError,
  isPaymentsError,
  isNotFoundError,
  isRetryableError,
  leavesOutcomeUnknown,
  paymentsErrorKinds,
} from './errors.js';
export type { PaymentsErrorKind, PaymentsErrorInit, PaymentsErrorBody } from './errors.js';
export { paymentsErrorBodySchema } from './errorBody.js';
export { StopSource, raceAbort, sleep, startDeadline, toAbortSignal } from '../lib/deadline.js';
export { JSON_ANSWER_HEADERS } from './answerHeaders.js';
export { basicAuthorization } from './basicAuthorization.js';
export type { Deadline, StopSignal } from '../lib/deadline.js';

// One module per operation (so a bundle carries only the schemas it uses); `operations` is the
// whole table, for the proxy and the sandbox.
export { getLegacyTransaction } from './operations/getLegacyTransaction.js';
export { getTransaction } from './operations/getTransaction.js';
export { confirmPaymentIntent } from './operations/confirmPaymentIntent.js';
export { createFlow } from './operations/createFlow.js';
export { getTransactionVolume } from './operations/getTransactionVolume.js';
export { defineOperation } from './defineOperation.js';
export type { ApiBase, HttpMethod, OperationDefinition } from './defineOperation.js';
export { buildPath, pathParamNames } from './paths.js';
export { parseRequestPart, parseOperationResponse, isEnvelopeRefusal } from './parse.js';
export type { OperationResult } from './parse.js';
export {
  idempotencyKeySchema,
  legacyTransactionIdSchema,
  transactionIdSchema,
  paymentIntentIdSchema,
} from './schemas/ids.js';
export { operations, operationNames, matchOperationPath, parseResponse } from './operations.js';
export type {
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
  metadataSchema,
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
  Metadata,
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
  payoutFeeParties,
} from './schemas/flow.js';
export type { Flow, FlowStep, KnownFlowStep, FlowStepInput, CreateFlowBody, PayoutFeeParty } from './schemas/flow.js';
export { volumeMetricSchema, volumeQuerySchema, knownVolumePeriods, knownVolumeTypes } from './schemas/volume.js';
export type { VolumeMetric, VolumePeriod, VolumeType } from './schemas/volume.js';
export { SESSION_HEADER, sessionErrorCodes } from './session.js';
export type { SessionErrorCode } from './session.js';
