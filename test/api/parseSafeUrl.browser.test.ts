import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- parseSafeUrl of api/index, which no entry exports
import { parseSafeUrl } from '../../src/api/index.js';

// The link check runs on a string; the browser then loads that string. This suite runs in real
// Chromium so "what we checked" is compared with what Chromium's own URL parser and an <a>/<iframe>
// make of the very same string.

const tricky = fc.oneof(
  fc.constantFrom(
    'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'jav\tascript:alert(1)', ' https://a.example', 'https://a.example\n',
    'data:text/html,x', 'vbscript:x', 'https://a.example@b.example', 'https://user:pw@a.example', 'https:/a.example',
    'https:a.example', '//a.example', '\\\\a.example', 'https://a.example\\@b.example', 'http://localhost.', 'http://127.1',
    'http://[::1]:4010/', 'http://0x7f.0.0.1/', 'https://xn--80ak6aa92e.com', 'https://a.example:443/', 'HTTPS://A.EXAMPLE/x',
  ),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.tuple(fc.constantFrom('https://', 'http://', 'javascript:', 'data:', ''), fc.string({ unit: 'binary', maxLength: 30 })).map(([a, b]) => a + b),
);

describe('given Chromium’s own URL parser', () => {
  it('should accept only links that Chromium resolves to an https (or loopback http) origin, unchanged', () => {
    let accepted = 0;
    fc.assert(
      fc.property(tricky, (value) => {
        const checked = parseSafeUrl(value);
        if (checked === null) return;
        accepted += 1;
        const anchor = document.createElement('a');
        anchor.href = value;
        expect(anchor.href).toBe(checked.href);
        expect(['https:', 'http:']).toContain(anchor.protocol);
        if (anchor.protocol === 'http:') expect(['localhost', '127.0.0.1', '[::1]']).toContain(anchor.hostname);
        expect(anchor.username + anchor.password).toBe('');
      }),
      { numRuns: 2000 },
    );
    // The property must have been exercised on accepted links, not only on refused ones.
    expect(accepted).toBeGreaterThan(300);
  });
});
