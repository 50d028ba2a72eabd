// The elements' attributes as properties: every attribute each element observes, and each
// property reflecting its attribute in both directions, by kind (text, one of a few words, flag,
// number, list), as docs/elements.md describes them. The elements are made and not connected:
// nothing renders, nothing is sent.
import { describe, expect, it } from 'vitest';
import { PaymentsVolumeCardElement, paymentsElements } from 'payments-kit/elements';
import { setUpElements } from './harness.js';

setUpElements();

const observed = {
  'payments-provider': ['proxy-url', 'session', 'session-wait-ms', 'locale', 'time-zone', 'theme'],
  'payments-transaction-detail': ['transaction-id', 'generation', 'live-status', 'heading-level', 'locale', 'time-zone'],
  'payments-confirm-button': ['payment-intent-id', 'payment-method-id', 'amount', 'currency', 'require-confirmation', 'locale', 'time-zone'],
  'payments-flow-launcher': ['steps', 'user-id', 'require-auth', 'hide-go-to-dashboard-on-complete', 'mode', 'auto-start', 'allowed-origins', 'allow', 'forward-theme', 'locale', 'time-zone'],
  'payments-volume-card': ['period', 'type', 'tz', 'refresh-interval-ms', 'heading-level', 'locale'],
} as const;

describe('given the kit\'s elements', () => {
  it.each(Object.entries(observed))('should observe every attribute of <%s>', (tag, attributes) => {
    expect(paymentsElements[tag as keyof typeof observed].observedAttributes).toEqual(attributes);
  });

  it('should reflect a text property and its attribute both ways, null removing it', () => {
    const button = document.createElement('payments-confirm-button');
    button.paymentIntentId = 'pi_123';
    expect(button.getAttribute('payment-intent-id')).toBe('pi_123');
    button.setAttribute('currency', 'eur');
    expect(button.currency).toBe('eur');
    button.paymentIntentId = null;
    expect(button.hasAttribute('payment-intent-id')).toBe(false);
    expect(button.paymentIntentId).toBeNull();
    const provider = document.createElement('payments-provider');
    provider.theme = 'dark';
    provider.timeZone = 'Europe/Madrid';
    expect([provider.getAttribute('theme'), provider.getAttribute('time-zone')]).toEqual(['dark', 'Europe/Madrid']);
  });

  it('should reflect a flag: true as the empty attribute, false removing it, `="false"` read as false', () => {
    const launcher = document.createElement('payments-flow-launcher');
    expect(launcher.autoStart).toBe(false);
    launcher.autoStart = true;
    expect(launcher.getAttribute('auto-start')).toBe('');
    launcher.autoStart = false;
    expect(launcher.hasAttribute('auto-start')).toBe(false);
    launcher.setAttribute('forward-theme', 'false');
    expect(launcher.forwardTheme).toBe(false);
    launcher.setAttribute('forward-theme', '');
    expect(launcher.forwardTheme).toBe(true);
  });

  it('should reflect a number: absent or blank is undefined, null removes it, other text is NaN', () => {
    const card = document.createElement('payments-volume-card');
    expect(card.refreshIntervalMs).toBeUndefined();
    card.refreshIntervalMs = 30_000;
    expect(card.getAttribute('refresh-interval-ms')).toBe('30000');
    card.refreshIntervalMs = null;
    expect(card.hasAttribute('refresh-interval-ms')).toBe(false);
    card.setAttribute('refresh-interval-ms', ' ');
    expect(card.refreshIntervalMs).toBeUndefined();
    card.setAttribute('refresh-interval-ms', 'soon');
    expect(card.refreshIntervalMs).toBeNaN();
  });

  it('should read session-wait-ms as 10000 when absent or negative, and 0 as 0', () => {
    const provider = document.createElement('payments-provider');
    expect(provider.sessionWaitMs).toBe(10_000);
    provider.setAttribute('session-wait-ms', '-1');
    expect(provider.sessionWaitMs).toBe(10_000);
    provider.sessionWaitMs = 0;
    expect([provider.getAttribute('session-wait-ms'), provider.sessionWaitMs]).toEqual(['0', 0]);
  });

  it('should reflect a list set as an array or as text, read back as its words', () => {
    const launcher = document.createElement('payments-flow-launcher');
    launcher.allowedOrigins = ['https://a.example', 'https://b.example'];
    expect(launcher.getAttribute('allowed-origins')).toBe('https://a.example https://b.example');
    launcher.allowedOrigins = 'https://c.example, https://d.example';
    expect(launcher.allowedOrigins).toEqual(['https://c.example', 'https://d.example']);
    launcher.allowedOrigins = null;
    expect(launcher.hasAttribute('allowed-origins')).toBe(false);
  });

  it('should give no property to an attribute the element reads only (`heading-level`, `locale`)', () => {
    const card = document.createElement('payments-volume-card');
    expect('headingLevel' in card).toBe(false);
    expect('locale' in card).toBe(false);
  });

  it('should take over properties set before the tag was defined, under a tag of the page\'s own', () => {
    // A tag defined after its element was made: the page's script ran before the definition.
    const early = document.createElement('early-volume-card');
    Reflect.set(early, 'refreshIntervalMs', 60_000);
    Reflect.set(early, 'tz', 'UTC');
    customElements.define('early-volume-card', class extends PaymentsVolumeCardElement {});
    document.body.append(early);
    expect(early.getAttribute('refresh-interval-ms')).toBe('60000');
    expect(early.getAttribute('tz')).toBe('UTC');
    expect(Object.keys(early)).toEqual([]);
  });
});
