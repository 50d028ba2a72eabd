// ConfirmIntentButton shows the kit's words for the payments API's error codes
// (docs/api.md#errors), loaded with its answer view for the button's language. The words coming
// late, or not at all: ConfirmIntentButton.errorCodesLate.test.tsx.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PaymentsError, ConfirmIntentButton, type ConfirmIntentButtonProps } from 'payments-kit';
import { messagesAr as ar, messagesEn as en } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- errorCodesAr of components/messages/errorCodes/ar, which no entry exports
import { errorCodesAr } from '../../src/components/messages/errorCodes/ar.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesEn of components/messages/errorCodes/en, which no entry exports
import { errorCodesEn } from '../../src/components/messages/errorCodes/en.js';
// eslint-disable-next-line no-restricted-imports -- loadErrorCodeMessages of components/messages/errorCodes/loadErrorCodeMessages, which no entry exports
import { loadErrorCodeMessages } from '../../src/components/messages/errorCodes/loadErrorCodeMessages.js';
// eslint-disable-next-line no-restricted-imports -- ErrorCodeMessages, UpstreamErrorCode of components/messages/types, which no entry exports
import type { ErrorCodeMessages, UpstreamErrorCode } from '../../src/components/messages/types.js';
import { sandboxIds } from 'payments-kit/testing';
import { vias } from './apiErrors.js';
import { expectNoAxeViolations, recordAlertTexts, renderWithProvider, setUpSandbox } from './harness.js';

const { sandbox } = setUpSandbox();

const ids = sandboxIds.paymentIntents;
const method = sandboxIds.paymentMethod;
/** Every code with words of its own, as English (the reference) lists them. */
const codes = Object.keys(errorCodesEn.errorTitles) as UpstreamErrorCode[];

/** The API refusing the next confirm with `code`: as it sends it (`api`), or as the proxy passes it on. */
function refuse(code: string, via: (typeof vias)[number] = 'proxy') {
  const message = 'The payments API refused it.';
  const body =
    via === 'api'
      ? { success: false, message, error_code: code }
      : new PaymentsError({ kind: 'http', status: 400, code: 'upstream_rejected', operation: 'confirmPaymentIntent', message, upstreamCode: code, upstreamMessage: message }).toJSON();
  sandbox.inject({ kind: 'status', status: 400, body }, { operation: 'confirmPaymentIntent', times: 1 });
}

/** The button, mounted with its answer view and the words of its language loaded (well before any click can be answered). */
async function renderButton(options: Parameters<typeof renderWithProvider>[1] = {}, props: Partial<ConfirmIntentButtonProps> = {}) {
  const onError = vi.fn();
  const result = renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} onError={onError} {...props} />, options);
  const root = result.container.querySelector('.pk-confirm') as HTMLElement;
  await waitFor(() => {
    expect(root).not.toHaveAttribute('aria-busy');
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return { ...result, root, onError };
}

const confirm = async (name = en.confirmButton) => {
  await userEvent.setup().click(screen.getByRole('button', { name }));
  return screen.findByRole('alert');
};

const expectWords = (alert: HTMLElement, words: ErrorCodeMessages, code: UpstreamErrorCode) => {
  expect(alert.querySelector('.pk-error__title')).toHaveTextContent(words.errorTitles[code]);
  expect(alert.querySelector('.pk-error__message')).toHaveTextContent(words.errorDescriptions[code]);
};

beforeAll(async () => {
  // The chunks as a page has them once fetched: what is measured here is the order, not the network.
  await Promise.all([loadErrorCodeMessages('en'), loadErrorCodeMessages('ar')]);
});

describe('ConfirmIntentButton', () => {
  describe('given the payments API refuses the confirm with a code the kit has words for (docs/api.md#errors)', () => {
    it.each(codes)('should say what %s means and what to do, in English, once, with nothing to retry', async (code) => {
      refuse(code);
      const { root, onError } = await renderButton();
      const texts = recordAlertTexts(root);
      const alert = await confirm();
      expectWords(alert, errorCodesEn, code);
      // A refusal of the details: the status still decides that nothing is offered again.
      expect(alert).toHaveAttribute('data-refusal', 'invalid-input');
      expect(screen.queryByRole('button')).toBeNull();
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'http', status: 400, upstreamCode: code }));
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(texts).toHaveLength(1);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });

    it.each(vias)('should read the code as the API sends it and as the proxy passes it on (via %s)', async (via) => {
      refuse('user-info-missing-card', via);
      const { container } = await renderButton();
      expectWords(await confirm(), errorCodesEn, 'user-info-missing-card');
      await expectNoAxeViolations(container);
    });

    it.each(codes)('should say what %s means in Arabic, right to left, for a button in Arabic', async (code) => {
      refuse(code);
      const { root } = await renderButton({ locale: 'ar', messages: ar });
      expect(root).toHaveAttribute('dir', 'rtl');
      const alert = await confirm(ar.confirmButton);
      expectWords(alert, errorCodesAr, code);
      expect(alert).not.toHaveTextContent(errorCodesEn.errorTitles[code]);
    });

    it('should take the language from the button’s own locale over the provider’s (its root’s `lang`)', async () => {
      refuse('app-info-missing');
      const { root } = await renderButton({ locale: 'ar', messages: ar }, { locale: 'en', messages: en });
      expect(root).toHaveAttribute('lang', 'en');
      expectWords(await confirm(), errorCodesEn, 'app-info-missing');
    });

    it('should show the host’s words for a code over the kit’s, the provider’s and the button’s own', async () => {
      refuse('user-info-missing-card');
      await renderButton(
        { messages: { errorTitles: { 'user-info-missing-card': 'Add a card to pay' }, errorDescriptions: { 'app-info-missing': 'Call us.' } } },
        { messages: { errorDescriptions: { 'user-info-missing-card': 'Cards are added in your wallet.' } } },
      );
      const alert = await confirm();
      expect(alert.querySelector('.pk-error__title')).toHaveTextContent('Add a card to pay');
      expect(alert.querySelector('.pk-error__message')).toHaveTextContent('Cards are added in your wallet.');
    });

    it('should keep the kit’s description under a host’s title given alone', async () => {
      refuse('invalid-email');
      await renderButton({ messages: { errorTitles: { 'invalid-email': 'That email won’t work' } } });
      const alert = await confirm();
      expect(alert.querySelector('.pk-error__title')).toHaveTextContent('That email won’t work');
      expect(alert.querySelector('.pk-error__message')).toHaveTextContent(errorCodesEn.errorDescriptions['invalid-email']);
    });
  });

  describe('given a refusal in the page’s cache and the words already on the page', () => {
    it('should show them in a button mounted again, at once, in one alert', async () => {
      refuse('user-info-missing-card');
      const { unmount, queryClient } = await renderButton();
      expectWords(await confirm(), errorCodesEn, 'user-info-missing-card');
      unmount();
      // The same page (its QueryClient), a new button: the refusal is the page's, and so are the words.
      const again = renderWithProvider(<ConfirmIntentButton paymentIntentId={ids.succeeded} paymentMethodId={method} />, { queryClient });
      const alert = await screen.findByRole('alert');
      expectWords(alert, errorCodesEn, 'user-info-missing-card');
      const root = again.container.querySelector('.pk-confirm') as HTMLElement;
      const texts = recordAlertTexts(root);
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(texts).toEqual([]);
      expect(screen.getByRole('alert')).toBe(alert);
      expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    });
  });

  describe('given a refusal with a code the kit has no words for', () => {
    it.each([['a-code-from-later'], ['constructor'], ['__proto__'], ['toString']])('should show the status’s words for %s', async (code) => {
      refuse(code);
      await renderButton();
      const alert = await confirm();
      expect(alert.querySelector('.pk-error__title')).toHaveTextContent(en.inputRefusedTitle);
      expect(alert.querySelector('.pk-error__message')).toHaveTextContent(en.inputRefusedDescription);
    });
  });
});
