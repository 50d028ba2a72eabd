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

// The operations by name are their routes (no schema library: what the browser needs to send
// and to check before sending); `operations` is the whole table with its schemas, for the proxy,
// the sandbox and the browser's check of an answer no kit proxy checked (checkAnswer.ts).
export {
  getLegacyTransaction,
  getTransaction,
  confirmPaymentIntent,
  createFlow,
  getTransactionVolume,
  listTransfers,
  getTransfer,
  listTransactions,
} from './routeChecks.js';
export type { OperationRoute, BareRoute } from './routes.js';
export type { Check } from './requestChecks.js';
export { ANSWER_CHECKED_HEADER, ANSWER_CHECKED_VERSION } from './answerHeaders.js';
export { defineOperation } from './defineOperation.js';
export type { ApiBase, HttpMethod, OperationDefinition, OperationPart } from './defineOperation.js';
export { buildPath, pathParamNames } from './paths.js';
export { parseRequestPart, parseOperationResponse, parseAnswerShape, isEnvelopeRefusal, refusalError } from './parse.js';
export type { OperationResult } from './parse.js';
export {
  idempotencyKeySchema,
  legacyTransactionIdSchema,
  transactionIdSchema,
  paymentIntentIdSchema,
  transferIdSchema,
} from './schemas/ids.js';
export { operations, operationNames, parseResponse } from './operations.js';
export { coreOperationTable, flowOperationTable, transferOperationTable } from './operationTables.js';
export { matchOperationPath } from './matchOperationPath.js';
export type { OperationMatch, OperationTable } from './matchOperationPath.js';
export type {
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
  flowStepInputSchema,
  createFlowBodySchema,
  metadataInputSchema,
  flowStepName,
  payoutFeeParties,
} from './schemas/flow.js';
export {
  transferResourceSchema,
  transferStatusEventSchema,
  transferPageSchema,
  transactionPageSchema,
  listTransfersQuerySchema,
  listTransactionsQuerySchema,
} from './schemas/transfer.js';
export type {
  TransferResource,
  TransferStatusEvent,
  TransferPage,
  TransactionPage,
  ListTransfersQuery,
  ListTransactionsQuery,
} from './schemas/transfer.js';
export { parseSafeUrl } from './safeUrl.js';
export { flowSteps } from './requestChecks.js';
export type { Flow, FlowStep, KnownFlowStep, FlowStepInput, CreateFlowBody, PayoutFeeParty } from './schemas/flow.js';
export { volumeMetricSchema, volumeQuerySchema, knownVolumePeriods, knownVolumeTypes } from './schemas/volume.js';
export type { VolumeMetric, VolumePeriod, VolumeType } from './schemas/volume.js';
export { SESSION_HEADER, sessionErrorCodes } from './session.js';
export type { SessionErrorCode } from './session.js';
