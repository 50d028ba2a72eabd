import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(resolve(import.meta.dirname, '../../src/styles/styles.css'), 'utf8');
const rules = css.replace(/\/\*[\s\S]*?\*\//g, '');

/** The selector list and declarations of the first rule, after `from`, whose body contains `text`. */
function rule(text: string, from = 0): { selectors: string[]; declarations: Map<string, string> } {
  const at = rules.indexOf(text, from);
  if (at < 0) throw new Error(`no rule holds ${text}`);
  const open = rules.lastIndexOf('{', at);
  const close = rules.indexOf('}', at);
  const head = rules.slice(Math.max(rules.lastIndexOf('}', open), rules.lastIndexOf('{', open - 1)) + 1, open);
  const body = rules.slice(open + 1, close);
  return {
    selectors: head.split(',').map((selector) => selector.trim()),
    declarations: new Map([...body.matchAll(/(--pk-[\w-]+)\s*:\s*([^;]*);/g)].map((m) => [m[1]!, m[2]!.trim()])),
  };
}

const themes = ["[data-pk-theme='light']", "[data-pk-theme='dark']", "[data-pk-theme='auto']"];
// A .pk-root with no theme around it, outside a custom element's shadow root.
const bare = '.pk-root:not([data-pk-theme] *):not([data-pk-theme]):not(:host *)';
// In a custom element the palette is the element's own (:host), themed by its data-pk-theme.
const host = (theme: string) => `:host([data-pk-theme='${theme}'])`;

describe('given the shipped stylesheet', () => {
  const palette = rule('--pk-color-surface:');

  it('should write the palette once, a light and a dark value for each colour, for every theme', () => {
    expect(palette.selectors.sort()).toEqual([...themes, ':host', bare].sort());
    expect(palette.declarations.size).toBeGreaterThan(20);
    for (const [name, value] of palette.declarations) {
      expect(value, name).toMatch(/^var\(--pk-not-light, [^;]+\) var\(--pk-not-dark, [^;]+\)$/);
    }
    expect(css.match(/--pk-color-surface:/g)).toHaveLength(1);
  });

  it('should flip the same switches for data-pk-theme="dark" and for auto under a dark preference', () => {
    const dark = rule('--pk-not-dark: initial');
    const autoDark = rule('--pk-not-dark: initial', rules.indexOf('@media (prefers-color-scheme: dark)'));
    expect(dark.selectors).toEqual(["[data-pk-theme='dark']", host('dark')]);
    expect(autoDark.selectors).toEqual(["[data-pk-theme='auto']", host('auto')]);
    expect(autoDark.declarations).toEqual(dark.declarations);
    expect(dark.declarations).toEqual(new Map([['--pk-not-light', ''], ['--pk-not-dark', 'initial']]));
  });

  it('should give light values to auto and to a .pk-root with no theme around it', () => {
    const lightSwitch = rule('--pk-not-light: initial');
    expect(lightSwitch.selectors.sort()).toEqual(
      ["[data-pk-theme='light']", "[data-pk-theme='auto']", host('light'), host('auto'), ':host(:not([data-pk-theme]))', bare].sort(),
    );
    expect(lightSwitch.declarations).toEqual(new Map([['--pk-not-light', 'initial'], ['--pk-not-dark', '']]));
  });

  it('should only read colour variables that every theme defines (sizes read theirs with a fallback)', () => {
    const readWithoutFallback = new Set([...css.matchAll(/var\((--pk-[\w-]+)\)/g)].map((m) => m[1]!));
    // Unset on purpose: the host's font is inherited unless it sets these.
    const optional = new Set(['--pk-font-family', '--pk-font-size']);
    for (const name of readWithoutFallback) {
      if (optional.has(name)) continue;
      expect(palette.declarations.has(name), name).toBe(true);
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
