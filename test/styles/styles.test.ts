import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(resolve(import.meta.dirname, '../../src/styles/styles.css'), 'utf8');

/** The declarations of the first rule whose selector list contains `selector`, after `from`. */
function block(selector: string, from = 0): Map<string, string> {
  const start = css.indexOf(selector, from);
  if (start < 0) throw new Error(`no rule for ${selector}`);
  const open = css.indexOf('{', start);
  const close = css.indexOf('}', open);
  const body = css.slice(open + 1, close);
  return new Map([...body.matchAll(/(--pk-[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

describe('given the shipped stylesheet', () => {
  const light = block("[data-pk-theme='light']");
  const dark = block("[data-pk-theme='dark'] {");
  const autoDark = block("[data-pk-theme='auto'] {", css.indexOf('@media (prefers-color-scheme: dark)'));

  it('should define the same variables in light and dark, and auto-dark exactly as dark', () => {
    expect([...dark.keys()].sort()).toEqual([...light.keys()].sort());
    expect(autoDark).toEqual(dark);
    expect(light.size).toBeGreaterThan(20);
  });

  it('should give light values to auto and to a .pk-root with no theme around it', () => {
    const selectors = css.slice(css.indexOf("[data-pk-theme='light']"), css.indexOf('{', css.indexOf("[data-pk-theme='light']")));
    expect(selectors).toContain("[data-pk-theme='auto']");
    expect(selectors).toContain('.pk-root:not([data-pk-theme] *):not([data-pk-theme])');
  });

  it('should only read colour variables that every theme defines (sizes read theirs with a fallback)', () => {
    const readWithoutFallback = new Set([...css.matchAll(/var\((--pk-[\w-]+)\)/g)].map((m) => m[1]!));
    // Unset on purpose: the host's font is inherited unless it sets these.
    const optional = new Set(['--pk-font-family', '--pk-font-size']);
    for (const name of readWithoutFallback) {
      if (optional.has(name)) continue;
      expect(light.has(name), name).toBe(true);
    }
  });

  it('should need nothing a strict CSP or an offline page would refuse', () => {
    expect(css).not.toMatch(/@import|url\(|expression\(|javascript:/i);
  });

  it('should sit in one cascade layer and honour reduced motion', () => {
    expect(css.match(/@layer\s+[\w-]+\s*\{/g)).toEqual(['@layer payments-kit {']);
    expect(css).toContain('@media (prefers-reduced-motion: reduce)');
  });
});
