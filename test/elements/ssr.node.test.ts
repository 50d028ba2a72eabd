import { describe, expect, it, vi } from 'vitest';

describe('given Node, where there is no DOM', () => {
  it('should import the elements entry without throwing, and define nothing', async () => {
    expect(typeof customElements).toBe('undefined');
    const elements = await import('../../src/elements/index.js');
    expect(typeof elements.definePaymentsElements).toBe('function');
    expect(typeof customElements).toBe('undefined');
    expect(typeof HTMLElement).toBe('undefined');
  });

  it('should make definePaymentsElements(undefined) a no-op', async () => {
    const { definePaymentsElements } = await import('../../src/elements/index.js');
    expect(() => definePaymentsElements(undefined)).not.toThrow();
    expect(() => definePaymentsElements()).not.toThrow();
  });

  it('should define each tag once in a registry it is given', async () => {
    const { definePaymentsElements, paymentsElements } = await import('../../src/elements/index.js');
    const tags = new Map<string, CustomElementConstructor>();
    const define = vi.fn((tag: string, element: CustomElementConstructor) => tags.set(tag, element));
    const registry = { get: (tag: string) => tags.get(tag), define } as unknown as CustomElementRegistry;
    definePaymentsElements(registry);
    definePaymentsElements(registry);
    expect(define).toHaveBeenCalledTimes(Object.keys(paymentsElements).length);
    expect([...tags.keys()]).toEqual(Object.keys(paymentsElements));
  });
});
