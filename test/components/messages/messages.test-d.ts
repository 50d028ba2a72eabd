import { describe, expectTypeOf, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- knownTransferPlatforms of api/index, which no entry exports
import type { knownTransferPlatforms } from '../../../src/api/index.js';
// eslint-disable-next-line no-restricted-imports -- formatMessage of components/shared/formatMessage, which no entry exports
import { formatMessage } from '../../../src/components/shared/formatMessage.js';
import { messagesEn as en, type messagesEs as es, type MessageOverrides, type PaymentsMessages } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- resolveMessages of components/shared/resolveMessages, which no entry exports
import { resolveMessages } from '../../../src/components/shared/resolveMessages.js';

describe('given the message catalogues (types)', () => {
  it('should give es exactly the keys of en, and both exactly those of PaymentsMessages', () => {
    expectTypeOf<keyof typeof es>().toEqualTypeOf<keyof typeof en>();
    expectTypeOf<keyof typeof en>().toEqualTypeOf<keyof PaymentsMessages>();
    expectTypeOf<keyof (typeof es)['paymentIntentStatuses']>().toEqualTypeOf<keyof (typeof en)['paymentIntentStatuses']>();
    expectTypeOf<keyof (typeof es)['flowSteps']>().toEqualTypeOf<keyof (typeof en)['flowSteps']>();
  });

  it('should accept partial overrides and refuse unknown keys or wrong values', () => {
    expectTypeOf(resolveMessages).parameter(1).toEqualTypeOf<MessageOverrides | undefined>();
    resolveMessages(en, { retry: 'Again', paymentIntentStatuses: { failed: 'Declined' } });
    // @ts-expect-error unknown key
    resolveMessages(en, { retyr: 'Again' });
    // @ts-expect-error a message is a string
    resolveMessages(en, { retry: 42 });
    // @ts-expect-error unknown status word
    resolveMessages(en, { paymentIntentStatuses: { paid: 'Paid' } });
  });

  it('should require words for the platforms that are not brands, and let a host rename any platform', () => {
    type Platforms = PaymentsMessages['transferPlatforms'];
    expectTypeOf<keyof Platforms>().toEqualTypeOf<(typeof knownTransferPlatforms)[number]>();
    expectTypeOf<{ intl_bank: string; wire: string; invoice: string; crypto: string }>().toExtend<Platforms>();
    expectTypeOf<{ intl_bank: string; invoice: string; crypto: string }>().not.toExtend<Platforms>();
    resolveMessages(en, { transferPlatforms: { paypal: 'PayPal balance' } });
    // @ts-expect-error unknown platform
    resolveMessages(en, { transferPlatforms: { zelle: 'Zelle' } });
  });

  it('should let a host give its own words for a payments API error code, and only for a documented one', () => {
    resolveMessages(en, { errorTitles: { 'user-info-missing-card': 'Add a card to pay' }, errorDescriptions: { 'app-info-missing': 'Call us.' } });
    // @ts-expect-error not a code the API documents
    resolveMessages(en, { errorTitles: { 'user-info-misssing-card': 'Add a card' } });
  });

  it('should type placeholders of literal templates and accept any names for catalogue strings', () => {
    expectTypeOf(formatMessage('Step {done} of {total}', { done: '1', total: '2' })).toBeString();
    // @ts-expect-error missing `total`
    formatMessage('Step {done} of {total}', { done: '1' });
    formatMessage(en.flowProgress, { done: '1', total: '2' });
    // @ts-expect-error a number is formatted for the locale first (formatNumber), never written as is
    formatMessage(en.flowProgress, { done: 1, total: '2' });
  });
});
