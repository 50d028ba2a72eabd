// The words for the payments API's error codes (docs/api.md#errors) coming after the refusal they
// would name, or never: the alert keeps the status's words, announced once.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentsError, ConfirmIntentButton } from 'payments-kit';
import { messagesEn as en } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- errorCodesEn of components/messages/errorCodes/en, which no entry exports
import { errorCodesEn } from '../../src/components/messages/errorCodes/en.js';
// eslint-disable-next-line no-restricted-imports -- ErrorCodeMessages of components/messages/types, which no entry exports
import type { ErrorCodeMessages } from '../../src/components/messages/types.js';
import { forgetErrorCodeWords } from '../support/errorCodeWords.js';
import { sandboxIds } from 'payments-kit/testing';
import { renderWithProvider, setUpSandbox } from './harness.js';

/** The language chunk, held until a test lets it come (or fail): one per test, whoever asks for it. */
const chunk = vi.hoisted(() => {
  const hold = () => {
    let settle!: { resolve: (words: ErrorCodeMessages) => void; reject: (cause: unknown) => void };
    const promise = new Promise<ErrorCodeMessages>((resolve, reject) => (settle = { resolve, reject }));
    return { promise, ...settle };
  };
  const state = { held: hold() };
  return {
    reset: () => (state.held = hold()),
    load: () => state.held.promise,
    arrive: (words: ErrorCodeMessages) => state.held.resolve(words),
    fail: (cause: unknown) => state.held.reject(cause),
  };
});
vi.mock('../../src/components/messages/errorCodes/loadErrorCodeMessages.js', () => ({ loadErrorCodeMessages: vi.fn(chunk.load) }));

const { sandbox } = setUpSandbox();
const ids = sandboxIds.paymentIntents;

function refuse(code: string) {
  const message = 'The payments API refused it.';
  const body = new PaymentsError({ kind: 'http', status: 400, code: 'upstream_rejected', operation: 'confirmPaymentIntent', message, upstreamCode: code, upstreamMessage: message }).toJSON();
  sandbox.inject({ kind: 'status', status: 400, body }, { operation: 'confirmPaymentIntent', times: 1 });
}

const later = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

/**
 * The button refused before its words came. Outside StrictMode: there, Vitest hands one of the
 * effect's two `import()`s of the mocked loader the real module, whose words would come at once.
 */
async function refusedBeforeTheWords() {
  refuse('user-info-missing-card');
  const result = renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={sandboxIds.paymentMethod} />, { strict: false });
  await userEvent.setup().click(await screen.findByRole('button', { name: en.confirmButton }));
  const alert = await screen.findByRole('alert');
  expect(alert.querySelector('.pk-error__title')).toHaveTextContent(en.inputRefusedTitle);
  expect(alert.querySelector('.pk-error__message')).toHaveTextContent(en.inputRefusedDescription);
  return { ...result, alert, text: alert.textContent };
}

beforeEach(() => {
  chunk.reset();
  forgetErrorCodeWords();
});

describe('ConfirmIntentButton', () => {
  describe('given a refusal with a code the kit has words for, answered before the words came', () => {
    it('should show the status’s words at once, and keep them, in the same alert, when the words come', async () => {
      const { alert, text } = await refusedBeforeTheWords();
      const changes: MutationRecord[] = [];
      new MutationObserver((records) => changes.push(...records)).observe(alert.parentElement!, { subtree: true, childList: true, characterData: true });
      await act(async () => {
        chunk.arrive(errorCodesEn);
        await Promise.resolve();
      });
      await later();
      // One announcement: neither the text nor the node changes, so a screen reader has nothing new to say.
      expect(screen.getByRole('alert')).toBe(alert);
      expect(alert.textContent).toBe(text);
      expect(changes).toEqual([]);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });

    it('should show the words for a refusal that comes after them (a new confirm with another payment method)', async () => {
      const { rerender } = await refusedBeforeTheWords();
      await act(async () => {
        chunk.arrive(errorCodesEn);
        await Promise.resolve();
      });
      refuse('user-info-missing-card');
      rerender(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId="pm_card_mastercard" />);
      await userEvent.setup().click(await screen.findByRole('button', { name: en.confirmButton }));
      await waitFor(() => {
        expect(screen.getByRole('alert').querySelector('.pk-error__title')).toHaveTextContent(errorCodesEn.errorTitles['user-info-missing-card']);
      });
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(2);
    });
  });

  describe('given the words’ chunk fails to load', () => {
    it('should show the status’s words, and keep offering nothing twice', async () => {
      const { alert, text } = await refusedBeforeTheWords();
      await act(async () => {
        chunk.fail(new Error('Failed to fetch dynamically imported module'));
        await Promise.resolve();
      });
      await later();
      expect(screen.getByRole('alert')).toBe(alert);
      expect(alert.textContent).toBe(text);
      expect(screen.queryByRole('button')).toBeNull();
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });
  });
});
