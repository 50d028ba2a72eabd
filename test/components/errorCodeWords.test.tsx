// The words of the payments API's error codes (docs/api.md#errors): loaded with the error that
// carries one, announced once with the final words, the status's words when the chunk fails or is
// slow, an unknown code left to the status's words, and a host's own words first.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentsError, type PaymentsErrorKind } from '../../src/api/index.js';
import { ConfirmIntentButton } from '../../src/components/ConfirmIntentButton/index.js';
import { en } from '../../src/components/messages/en.js';
import { errorCodesEn } from '../../src/components/messages/errorCodes/en.js';
import { errorCodesFr } from '../../src/components/messages/errorCodes/fr.js';
import { fr } from '../../src/components/messages/fr.js';
import type { PaymentsMessages } from '../../src/components/messages/types.js';
import { ErrorState, codeWordsWait } from '../../src/components/shared/ErrorState.js';
import { sandboxIds } from '../../src/testing/index.js';
import { expectNoAxeViolations, renderWithProvider, setUpSandbox } from './harness.js';

const { sandbox } = setUpSandbox();
const loader = '../../src/components/messages/errorCodes/loadErrorCodeMessages.js';

/** The proxy's answer when the payments API refused the confirm with `upstreamCode`. */
const refusedWith = (upstreamCode: string) => ({
  kind: 'status' as const,
  status: 400,
  body: new PaymentsError({
    kind: 'http', status: 400, code: 'upstream_rejected', operation: 'confirmPaymentIntent', message: 'The payments API refused it.', upstreamCode,
  }).toJSON(),
});

/** Every text an alert of `container` has shown, in order, each once: what assistive technology was given to announce. */
function alertTexts(container: HTMLElement): string[] {
  const seen: string[] = [];
  const record = () => {
    const text = container.querySelector('[role="alert"]')?.textContent ?? '';
    if (text !== '' && seen.at(-1) !== text) seen.push(text);
  };
  new MutationObserver(record).observe(container, { subtree: true, childList: true, characterData: true });
  return seen;
}

const confirmButton = () => <ConfirmIntentButton paymentIntentId={sandboxIds.paymentIntents.succeeded} paymentMethodId={sandboxIds.paymentMethod} />;

describe('given ConfirmIntentButton and a confirm the payments API refuses with user-info-missing-card', () => {
  it('should show the code’s own words, announced once, with no retry and no status words before them', async () => {
    sandbox.inject(refusedWith('user-info-missing-card'), { operation: 'confirmPaymentIntent' });
    const onError = vi.fn();
    const { container } = renderWithProvider(
      <ConfirmIntentButton paymentIntentId={sandboxIds.paymentIntents.succeeded} paymentMethodId={sandboxIds.paymentMethod} onError={onError} />,
    );
    const shown = alertTexts(container);
    await userEvent.setup().click(screen.getByRole('button', { name: en.confirmButton }));
    const alert = await within(container).findByRole('alert');
    await waitFor(() => {
      expect(alert).toHaveTextContent(errorCodesEn.errorTitles['user-info-missing-card']);
    });
    expect(alert).toHaveTextContent(errorCodesEn.errorDescriptions['user-info-missing-card']);
    expect(shown).toEqual([alert.textContent]);
    expect(alert).not.toHaveTextContent(en.inputRefusedTitle);
    expect(screen.queryByRole('button', { name: en.retry })).toBeNull();
    // The developer still gets the code.
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ upstreamCode: 'user-info-missing-card' }));
    await expectNoAxeViolations(container);
  });

  it('should show a host’s own words for the code over the kit’s', async () => {
    sandbox.inject(refusedWith('user-info-missing-card'), { operation: 'confirmPaymentIntent' });
    const { container } = renderWithProvider(confirmButton(), { messages: { errorTitles: { 'user-info-missing-card': 'Add a card to pay' } } });
    await userEvent.setup().click(screen.getByRole('button', { name: en.confirmButton }));
    const alert = await within(container).findByRole('alert');
    await waitFor(() => {
      expect(alert).toHaveTextContent('Add a card to pay');
    });
    // Only the title was given: the description is the kit's.
    expect(alert).toHaveTextContent(errorCodesEn.errorDescriptions['user-info-missing-card']);
  });

  it('should speak the language of the component: French words under a French locale', async () => {
    sandbox.inject(refusedWith('app-info-missing'), { operation: 'confirmPaymentIntent' });
    const { container } = renderWithProvider(confirmButton(), { locale: 'fr-CA', messages: fr });
    await userEvent.setup().click(screen.getByRole('button', { name: fr.confirmButton }));
    const alert = await within(container).findByRole('alert');
    await waitFor(() => {
      expect(alert).toHaveTextContent(errorCodesFr.errorTitles['app-info-missing']);
    });
    expect(alert).toHaveTextContent(errorCodesFr.errorDescriptions['app-info-missing']);
  });
});

describe('given the error state of an error with a code', () => {
  const error = (upstreamCode: string, kind: PaymentsErrorKind = 'http') => ({ kind, status: 400, upstreamCode });
  const renderState = (upstreamCode: string, messages: PaymentsMessages = en) =>
    render(
      <div lang="en">
        <ErrorState error={error(upstreamCode)} messages={messages} />
      </div>,
    );

  afterEach(() => {
    vi.doUnmock(loader);
    // The lookup's module as a test left it (real or mocked) must not serve the next one.
    vi.resetModules();
    vi.useRealTimers();
  });

  it('should keep the status’s words for a code the kit has no words for', async () => {
    const { container } = renderState('a-code-from-later');
    const shown = alertTexts(container);
    const alert = screen.getByRole('alert');
    await waitFor(() => {
      expect(alert).toHaveTextContent(en.inputRefusedTitle);
    });
    expect(alert).toHaveTextContent(en.inputRefusedDescription);
    expect(shown).toEqual([alert.textContent]);
  });

  it('should show the status’s words, once, when the chunk fails to load', async () => {
    vi.doMock(loader, () => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const { container } = renderState('invalid-email');
    const shown = alertTexts(container);
    const alert = screen.getByRole('alert');
    await waitFor(() => {
      expect(alert).toHaveTextContent(en.inputRefusedTitle);
    });
    expect(alert).not.toHaveTextContent(errorCodesEn.errorTitles['invalid-email']);
    expect(shown).toEqual([alert.textContent]);
  });

  it('should wait for a slow chunk no longer than codeWordsWait, then keep the status’s words when it comes', async () => {
    vi.useFakeTimers();
    let arrive: (words: (string | undefined)[]) => void = () => undefined;
    vi.doMock(loader, () => ({ errorCodeWords: () => new Promise((resolve) => (arrive = resolve)) }));
    const { container } = renderState('invalid-email');
    const shown = alertTexts(container);
    const alert = screen.getByRole('alert');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(codeWordsWait - 1);
    });
    // Nothing announced yet: the words of the status would be said, then the code's.
    expect(alert).toHaveTextContent('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(alert).toHaveTextContent(en.inputRefusedTitle);
    await act(async () => {
      arrive(['Late title', 'Late description']);
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(alert).not.toHaveTextContent('Late title');
    expect(shown).toEqual([alert.textContent]);
  });

  it('should show the host’s words for a code even when the chunk fails', async () => {
    // The language's chunk fails this time, after the lookup's own module came.
    vi.doMock(loader, () => ({ errorCodeWords: () => Promise.reject(new Error('offline')) }));
    renderState('invalid-email', { ...en, errorTitles: { ...en.errorTitles, 'invalid-email': 'Check your email' } });
    const alert = screen.getByRole('alert');
    await waitFor(() => {
      expect(alert).toHaveTextContent('Check your email');
    });
    expect(alert).toHaveTextContent(en.inputRefusedDescription);
  });

  it('should load nothing for the codes the catalogues name (insufficient funds, busy, invalid input)', () => {
    for (const upstreamCode of ['transaction-insufficient-funds', 'resource-busy', 'service-unavailable', 'invalid-input']) {
      const { unmount } = renderState(upstreamCode);
      expect(screen.getByRole('alert')).not.toHaveTextContent(/^$/);
      unmount();
    }
  });
});
