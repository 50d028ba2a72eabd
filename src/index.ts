'use client';
// payments-kit: the browser entry — the client layer and the components. Server code imports
// `payments-kit/server`; the sandbox is `payments-kit/testing`.

// ─── Client: transport, keys, options factories, hooks (the client layer's barrel is its public part) ───
export * from './client/index.js';

// ─── Components ───
export { TransactionDetail, toTransactionView } from './components/TransactionDetail/index.js';
export type { TransactionDetailProps, TransactionView } from './components/TransactionDetail/index.js';
export { ConfirmIntentButton } from './components/ConfirmIntentButton/index.js';
export type { ConfirmIntentButtonProps } from './components/ConfirmIntentButton/index.js';
export { FlowLauncher } from './components/FlowLauncher/index.js';
export type { FlowLauncherProps } from './components/FlowLauncher/index.js';
export { VolumeCard } from './components/VolumeCard/index.js';
export type { VolumeCardProps } from './components/VolumeCard/index.js';
export { PaymentsProvider } from './components/PaymentsProvider.js';
export type { PaymentsProviderProps } from './components/PaymentsProvider.js';
export type { PaymentsTheme } from './components/PaymentsUIContext.js';
export type { MessageOverrides, PaymentsMessages } from './components/messages/types.js';

// ─── Headless hooks: the components' behaviour, for your own UI (docs/hooks.md) ───
export { useConfirmIntent, useHostedFlow } from './components/headless/index.js';
export type {
  ConfirmIntentState,
  UseConfirmIntentOptions,
  UseConfirmIntentResult,
  AmountMismatch,
  HostedFlowState,
  UseHostedFlowOptions,
  UseHostedFlowResult,
  HostedFlowFrameProps,
  HostedFlowProgress,
  HostedFlowStyles,
  FlowLinkRefusal,
} from './components/headless/index.js';

// ─── Contract: the operations (for `callOperation`), errors and resource types ───
export {
  getLegacyTransaction,
  getTransaction,
  confirmPaymentIntent,
  createFlow,
  getTransactionVolume,
  PaymentsError,
  isPaymentsError,
  isNotFoundError,
  isRetryableError,
  leavesOutcomeUnknown,
} from './api/index.js';
export type {
  PaymentsErrorKind,
  OperationName,
  OperationDefinition,
  Transaction,
  Transfer,
  TransferStatus,
  TransferType,
  TransferPlatform,
  TransferResource,
  TransferStatusEvent,
  TransferPage,
  TransactionPage,
  ListTransfersQuery,
  ListTransactionsQuery,
  TransactionType,
  LegacyTransaction,
  LegacyTransactionType,
  Receipt,
  ReceiptItem,
  PaymentIntent,
  PaymentIntentStatus,
  KnownPaymentIntentStatus,
  Currency,
  Flow,
  FlowStep,
  KnownFlowStep,
  FlowStepInput,
  CreateFlowBody,
  VolumePeriod,
  VolumeType,
  OpenEnum,
} from './api/index.js';
