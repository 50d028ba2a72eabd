// FlowLauncher shows the kit's words for the payments API's error codes (docs/api.md#errors) when
// the API refuses to create a flow: the words load with the creation, in the launcher's language,
// and the refusal waits for them, so its alert is announced once, with them. The words' own
// tests (every code, every language) are ConfirmIntentButton.errorCodes.test.tsx's.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentsError, FlowLauncher, type FlowLauncherProps } from 'payments-kit';
import { messagesAr as ar, messagesEn as en } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- errorCodesAr of components/messages/errorCodes/ar, which no entry exports
import { errorCodesAr } from '../../src/components/messages/errorCodes/ar.js';
// eslint-disable-next-line no-restricted-imports -- errorCodesEn of components/messages/errorCodes/en, which no entry exports
import { errorCodesEn } from '../../src/components/messages/errorCodes/en.js';
// eslint-disable-next-line no-restricted-imports -- the type of the error codes' lookup, the module this file replaces
import type * as LookupModule from '../../src/components/messages/errorCodes/loadErrorCodeMessages.js';
// eslint-disable-next-line no-restricted-imports -- ErrorCodeMessages, UpstreamErrorCode of components/messages/types, which no entry exports
import type { ErrorCodeMessages, UpstreamErrorCode } from '../../src/components/messages/types.js';
// eslint-disable-next-line no-restricted-imports -- loadedErrorCodeWords of components/shared/errorCodeWords, which no entry exports
import { loadedErrorCodeWords } from '../../src/components/shared/errorCodeWords.js';
import { forgetErrorCodeWords } from '../support/errorCodeWords.js';
import { vias } from './apiErrors.js';
import { expectNoAxeViolations, recordAlertTexts, renderWithProvider, setUpSandbox } from './harness.js';

/** The language chunks as the page loads them, unless a test holds the next one back. */
const chunks = vi.hoisted(() => ({ next: undefined as (() => Promise<unknown>) | undefined }));
vi.mock('../../src/components/messages/errorCodes/loadErrorCodeMessages.js', async (importOriginal) => {
  const real: typeof LookupModule = await importOriginal();
  return {
    loadErrorCodeMessages: vi.fn((locale: string | undefined) => {
      const held = chunks.next;
      chunks.next = undefined;
      return held ? held().then(() => real.loadErrorCodeMessages(locale)) : real.loadErrorCodeMessages(locale);
    }),
  };
});

const { sandbox } = setUpSandbox();
const STEPS = ['compliance', 'payout'] as const;
const code: UpstreamErrorCode = 'user-info-missing';

/** The API refusing the next creation with `errorCode`: as it sends it (`api`), or as the proxy passes it on. */
function refuse(errorCode: string, via: (typeof vias)[number] = 'proxy') {
  const message = 'The payments API refused it.';
  const body =
    via === 'api'
      ? { success: false, message, error_code: errorCode }
      : new PaymentsError({ kind: 'http', status: 400, code: 'upstream_rejected', operation: 'createFlow', message, upstreamCode: errorCode, upstreamMessage: message }).toJSON();
  sandbox.inject({ kind: 'status', status: 400, body }, { operation: 'createFlow', times: 1 });
}

/** The launcher, started by the user, and its refusal's alert. */
async function startRefused(props: Partial<FlowLauncherProps> = {}, options: Parameters<typeof renderWithProvider>[1] = {}) {
  const onError = vi.fn();
  const { container, rerender } = renderWithProvider(<FlowLauncher steps={STEPS} onError={onError} {...props} />, options);
  const root = container.querySelector('.pk-flow') as HTMLElement;
  const texts = recordAlertTexts(root);
  await userEvent.setup().click(screen.getByRole('button', { name: props.messages?.flowStart ?? en.flowStart }));
  const alert = await screen.findByRole('alert');
  return { container, rerender, root, alert, texts, onError };
}

const expectWords = (alert: HTMLElement, words: Pick<ErrorCodeMessages, 'errorTitles' | 'errorDescriptions'>, errorCode: UpstreamErrorCode) => {
  expect(alert.querySelector('.pk-error__title')).toHaveTextContent(words.errorTitles[errorCode]);
  expect(alert.querySelector('.pk-error__message')).toHaveTextContent(words.errorDescriptions[errorCode]);
};

beforeEach(() => {
  forgetErrorCodeWords();
});

describe('FlowLauncher', () => {
  describe('given the payments API refuses to create the flow with a code the kit has words for', () => {
    it.each(vias)('should say what the code means and what to do, once, with nothing to retry (via %s)', async (via) => {
      refuse(code, via);
      const { container, alert, texts, onError } = await startRefused();
      expectWords(alert, errorCodesEn, code);
      expect(alert.querySelector('button')).toBeNull();
      expect(texts).toHaveLength(1);
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 400, upstreamCode: code }));
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);
      await expectNoAxeViolations(container);
    });

    it('should say it in the launcher’s own language (its locale over the provider’s)', async () => {
      refuse(code);
      const { root, alert } = await startRefused({ locale: 'ar', messages: { flowStart: ar.flowStart } });
      expect(root).toHaveAttribute('lang', 'ar');
      expect(root).toHaveAttribute('dir', 'rtl');
      expectWords(alert, errorCodesAr, code);
    });

    it('should show the host’s words for the code over the kit’s, field by field', async () => {
      refuse(code);
      const title = 'Finish your profile first';
      const { alert } = await startRefused({ messages: { errorTitles: { [code]: title } } });
      expect(alert.querySelector('.pk-error__title')).toHaveTextContent(title);
      expect(alert.querySelector('.pk-error__message')).toHaveTextContent(errorCodesEn.errorDescriptions[code]);
    });
  });

  describe('given the refusal answered before the words’ chunk came', () => {
    it('should wait for the words and announce the refusal once, with them', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      chunks.next = () => held;
      refuse(code);
      const { container } = renderWithProvider(<FlowLauncher steps={STEPS} />);
      const root = container.querySelector('.pk-flow') as HTMLElement;
      const texts = recordAlertTexts(root);
      await userEvent.setup().click(screen.getByRole('button', { name: en.flowStart }));
      await waitFor(() => {
        expect(sandbox.callsFor('createFlow')).toHaveLength(1);
      });
      // The answer is in; the launcher still says it is creating, with no alert yet.
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(root).toHaveAttribute('aria-busy', 'true');
      release();
      const alert = await screen.findByRole('alert');
      expectWords(alert, errorCodesEn, code);
      expect(texts).toHaveLength(1);
    });
  });

  describe('given the words’ chunk fails to load', () => {
    it('should show the status’s words, once, and keep them when words come later', async () => {
      chunks.next = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
      refuse(code);
      const { alert, texts, rerender } = await startRefused();
      expect(alert.querySelector('.pk-error__title')).toHaveTextContent(en.inputRefusedTitle);
      expect(alert.querySelector('.pk-error__message')).toHaveTextContent(en.inputRefusedDescription);
      // Another view of the page loads the words now, and the launcher renders again: this alert is not told again.
      loadedErrorCodeWords.en = errorCodesEn;
      rerender(<FlowLauncher steps={STEPS} className="again" />);
      await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.getByRole('alert').closest('.pk-flow')).toHaveClass('again');
      expect(screen.getByRole('alert')).toBe(alert);
      expect(texts).toHaveLength(1);
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);
    });
  });

  describe('given a refusal with a code the kit has no words for', () => {
    it.each([['a-code-from-later'], ['__proto__']])('should show the status’s words for %s', async (unknownCode) => {
      refuse(unknownCode);
      const { alert } = await startRefused();
      expect(alert.querySelector('.pk-error__title')).toHaveTextContent(en.inputRefusedTitle);
    });
  });
});
