// The headless hooks: the behaviour of ConfirmIntentButton and FlowLauncher, for your own UI.
export { useConfirmIntent } from './useConfirmIntent.js';
export type { ConfirmIntentState, UseConfirmIntentOptions, UseConfirmIntentResult } from './useConfirmIntent.js';
export type { AmountMismatch } from './amountMismatch.js';
export { useHostedFlow } from './useHostedFlow.js';
export type {
  HostedFlowState,
  UseHostedFlowOptions,
  UseHostedFlowResult,
  HostedFlowFrameProps,
  HostedFlowProgress,
} from './useHostedFlow.js';
export type { HostedFlowStyles } from './flowStyles.js';
export type { FlowLinkRefusal } from './checkFlowLinkEmbeddable.js';
