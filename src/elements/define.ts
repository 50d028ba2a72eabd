import { PaymentsConfirmButtonElement } from './PaymentsConfirmButtonElement.js';
import { PaymentsFlowLauncherElement } from './PaymentsFlowLauncherElement.js';
import { PaymentsProviderElement } from './PaymentsProviderElement.js';
import { PaymentsTransactionDetailElement } from './PaymentsTransactionDetailElement.js';
import { PaymentsVolumeCardElement } from './PaymentsVolumeCardElement.js';

/** The kit's tags and their classes, the provider first: it must answer its elements as they connect. */
export const paymentsElements = {
  'payments-provider': PaymentsProviderElement,
  'payments-transaction-detail': PaymentsTransactionDetailElement,
  'payments-confirm-button': PaymentsConfirmButtonElement,
  'payments-flow-launcher': PaymentsFlowLauncherElement,
  'payments-volume-card': PaymentsVolumeCardElement,
} as const;

// `customElements` is typed as always there; in Node it is not.
const pageRegistry = (): CustomElementRegistry | undefined =>
  typeof customElements === 'undefined' ? undefined : customElements;

/**
 * Defines the kit's elements in `registry` (default: the page's). A tag already defined, by an
 * earlier import or another copy of the kit, is left as it is. Does nothing where there is no
 * registry: in Node and during server rendering.
 */
export function definePaymentsElements(registry: CustomElementRegistry | undefined = pageRegistry()): void {
  if (registry === undefined) return;
  for (const [tag, element] of Object.entries(paymentsElements)) {
    if (registry.get(tag) === undefined) registry.define(tag, element);
  }
}
