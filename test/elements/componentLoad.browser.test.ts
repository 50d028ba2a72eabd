import { describe, expect, it, vi } from 'vitest';
import type { PaymentsError } from 'payments-kit';
// eslint-disable-next-line no-restricted-imports -- the loaders of src/elements/components.ts, which no entry exports
import type * as Components from '../../src/elements/components.js';
import { sandboxIds } from 'payments-kit/testing';

// An element's component is imported when the first element of its kind connects
// (src/elements/components.ts). Here the transaction card's import fails once, as a chunk of a site
// deployed anew since the page loaded would.
const imports = vi.hoisted(() => ({ count: 0, failing: true }));
vi.mock('../../src/elements/components.js', async (importOriginal) => {
  const original = await importOriginal<typeof Components>();
  const { componentLoader } = await import('../../src/elements/componentLoader.js');
  return {
    ...original,
    transactionDetail: componentLoader(async () => {
      imports.count += 1;
      if (imports.failing) throw new TypeError('Failed to fetch dynamically imported module');
      return import('../../src/components/TransactionDetail/TransactionDetail.js');
    }),
  };
});

const { expectNoConsoleError, mount, rootOf, settled, setUpElements } = await import('./harness.js');
await import('payments-kit/elements');

const { requests } = setUpElements();
expectNoConsoleError();

describe("given an element whose component's module cannot be imported", () => {
  it('should stay empty, send nothing and tell the page, then import it again when it connects again', async () => {
    const errors: PaymentsError[] = [];
    document.addEventListener('payments-error', (event) => errors.push(event.detail));
    const provider = mount(
      `<payments-provider session="tok"><payments-transaction-detail transaction-id="${sandboxIds.transactions.created}"></payments-transaction-detail></payments-provider>`,
      'payments-provider',
    );
    const card = provider.querySelector('payments-transaction-detail')!;

    await vi.waitFor(() => {
      expect(errors).toHaveLength(1);
    });
    expect(errors[0]).toMatchObject({ name: 'PaymentsError', kind: 'network', code: 'component_unavailable' });
    expect(rootOf(card)).toBeNull();
    expect(requests).toEqual([]);

    imports.failing = false;
    card.remove();
    await Promise.resolve(); // the removed element unmounts in a microtask
    provider.append(card);
    const root = await settled(card, 'success');
    expect(root.querySelector('.pk-money')).toBeInstanceOf(HTMLElement);
    expect(imports.count).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
