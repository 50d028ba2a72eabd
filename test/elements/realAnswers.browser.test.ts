// The answers the payments API documents, through <payments-transaction-detail> in Chromium: the
// elements read them as tolerantly as the components do (docs/api.md#reading-tolerantly).
import { describe, expect, it } from 'vitest';
import 'payments-kit/elements';
import { messagesEn as en } from 'payments-kit/messages';
import { sandboxIds } from 'payments-kit/testing';
import { expectNoConsoleError, mount, settled, setUpElements } from './harness.js';

setUpElements();
expectNoConsoleError();

const ids = sandboxIds.transactions;

async function shown(id: string, generation: 'v2' | 'legacy' = 'v2'): Promise<HTMLElement> {
  const element = mount(
    `<payments-provider session="tok"><payments-transaction-detail transaction-id="${id}" generation="${generation}"></payments-transaction-detail></payments-provider>`,
    'payments-transaction-detail',
  );
  return settled(element, 'success');
}

/** The text of the value shown under `label`. */
function value(root: Element, label: string): string {
  const term = [...root.querySelectorAll('dt')].find((dt) => dt.textContent === label);
  if (!term) throw new Error(`No field ${label}.`);
  return term.nextElementSibling?.textContent ?? '';
}

describe('given <payments-transaction-detail> and the shapes the API documents', () => {
  it('should show a transaction without its transfer, with its transfer id and "None" for what is absent', async () => {
    const root = await shown(ids.withoutTransfer);
    expect(value(root, 'Amount')).toBe('$75.00');
    expect(value(root, 'Type')).toBe(en.valueMissing);
    expect(value(root, 'Transfer ID')).toMatch(/6b1f4a2e/);
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });

  it('should show a decimal-string amount and a fraction of a cent exactly', async () => {
    expect(value(await shown(ids.decimalAmount), 'Amount')).toBe('$10.00');
    document.body.replaceChildren();
    expect(value(await shown(ids.fractionOfCent), 'Amount')).toBe('$0.125');
  });

  it('should show each documented transfer status with its word and tone', async () => {
    for (const [id, status, tone] of [
      [ids.failed, 'failed', 'danger'],
      [ids.flagged, 'flagged', 'warning'],
      [ids.completed, 'completed', 'success'],
    ] as const) {
      const root = await shown(id);
      const badge = root.querySelector('.pk-section .pk-badge');
      expect(badge?.textContent, id).toBe(en.transferStatuses[status]);
      expect(badge?.getAttribute('data-tone'), id).toBe(tone);
      document.body.replaceChildren();
    }
  });

  it("should show the legacy published example in cents, its UUID id accepted", async () => {
    const root = await shown(sandboxIds.legacyTransactions.uuid, 'legacy');
    expect(value(root, 'Amount')).toBe('$7.00');
    expect(root.querySelector('.pk-table__total')?.textContent).toContain('$8.00');
  });
});
