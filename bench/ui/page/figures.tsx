// Figures 1–3, measured inside the page with performance.now(): mount → data on screen, many
// instances of one transaction, and many rows rendered from the cache.
import { QueryClient } from '@tanstack/react-query';
import {
  createProxyFetcher,
  PaymentsProvider,
  paymentsKeys,
  TransactionDetail,
  transactionQueryOptions,
  type Transaction,
} from 'payments-kit';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createElement, type ReactNode } from 'react';
import type { Contender, RowsContender } from '../protocol.js';
import { PlainTransactionFetch, PlainTransactionView, type PlainTransaction } from './baseline.js';
import { collectGarbage, freshContainer, sleep, waitFor } from './waitFor.js';

/** The root of either contender once its data is in the DOM. */
const SHOWN = '[data-state="success"]';
const MOUNT_TIMEOUT_MS = 15_000;

/**
 * Figure 1. A fresh root (and, for the kit, a fresh `PaymentsProvider`, whose own QueryClient and
 * default `createProxyFetcher()` are what an integrator gets): nothing is cached, so the data
 * comes from a real request to the proxy. Timed from just before `root.render` to the
 * MutationObserver callback that first sees the data in the DOM (a microtask after React's commit).
 * `expectText` (e.g. the formatted amount) is checked after the timing: both sides must show it.
 */
export async function mountToData(contender: Contender, transactionId: string, expectText: string): Promise<number> {
  const container = freshContainer();
  const root = createRoot(container);
  try {
    let observer: MutationObserver | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const shownAt = new Promise<number>((resolve, reject) => {
      observer = new MutationObserver(() => {
        if (container.querySelector(SHOWN) === null) return;
        const at = performance.now();
        observer?.disconnect();
        resolve(at);
      });
      observer.observe(container, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
      timer = setTimeout(() => {
        reject(new Error(`bench page: ${contender} showed no data within ${String(MOUNT_TIMEOUT_MS)} ms: ${container.textContent}`));
      }, MOUNT_TIMEOUT_MS);
    });
    collectGarbage();
    const mountedAt = performance.now();
    root.render(
      contender === 'kit' ? (
        <PaymentsProvider>
          <TransactionDetail transactionId={transactionId} />
        </PaymentsProvider>
      ) : (
        <PlainTransactionFetch transactionId={transactionId} />
      ),
    );
    try {
      const at = await shownAt;
      const text = container.textContent;
      if (!text.includes(expectText)) throw new Error(`bench page: ${contender} shows no "${expectText}": ${text}`);
      return at - mountedAt;
    } finally {
      observer?.disconnect();
      clearTimeout(timer);
    }
  } finally {
    root.unmount();
    container.remove();
  }
}

/**
 * Figure 2. `count` TransactionDetail of one id under one provider (its own fresh QueryClient):
 * resolves how many show their data once all do, `settleMs` later (so a late duplicate request
 * would still be counted by the driver).
 */
export async function manyInstances(transactionId: string, count: number, settleMs: number): Promise<number> {
  const container = freshContainer();
  const root = createRoot(container);
  try {
    root.render(
      <PaymentsProvider>
        {Array.from({ length: count }, (_, index) => (
          <TransactionDetail key={index} transactionId={transactionId} headingLevel={3} />
        ))}
      </PaymentsProvider>,
    );
    const shown = () => container.querySelectorAll(SHOWN).length;
    await waitFor(() => shown() === count, `${String(count)} instances to show their data`);
    await sleep(settleMs);
    return shown();
  } finally {
    root.unmount();
    container.remove();
  }
}

/**
 * Figure 3's cache: one QueryClient whose queries never go stale, so that rendering from it sends
 * nothing (with react-query's default `staleTime: 0`, each mount would also refetch in the
 * background after the commit).
 */
const cacheClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
let cached: Transaction[] = [];

/**
 * Reads one transaction through the kit (so the data is exactly what the kit parses) and derives
 * `count` distinct transactions from it — ids, amounts, names and transfer ids differ — each put
 * in the cache with `setQueryData` under the kit's own key (`paymentsKeys.transaction`).
 */
export async function fillCache(transactionId: string, count: number): Promise<void> {
  const seed = await cacheClient.query(transactionQueryOptions(createProxyFetcher(), transactionId, 'v2'));
  cacheClient.removeQueries({ queryKey: paymentsKeys.all });
  cached = Array.from({ length: count }, (_, index) => {
    const id = 500_000 + index;
    const amount = seed.amount + index * 1_337;
    const suffix = index.toString(16).padStart(12, '0');
    const transferId = seed.transfer?.id ?? seed.transfer_id ?? '';
    return {
      ...seed,
      id,
      amount,
      source_name: `${seed.source_name ?? ''} ${String(index)}`,
      metadata: `invoice=INV-${String(id)}`,
      transfer_id: `${transferId.slice(0, -12)}${suffix}`,
      transfer: { ...seed.transfer, id: `${transferId.slice(0, -12)}${suffix}`, amount },
    };
  });
  for (const transaction of cached) {
    cacheClient.setQueryData<Transaction>(paymentsKeys.transaction('v2', String(transaction.id)), transaction);
  }
}

/** DOM attribute names that React spells differently as props. */
const PROP_NAMES: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  datetime: 'dateTime',
  tabindex: 'tabIndex',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
};

/** A DOM subtree as static React elements: the same tags, attributes and text, nothing else. */
function toStaticElement(node: Node, key?: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  const props: Record<string, unknown> = { key };
  for (const { name, value } of Array.from(node.attributes)) props[PROP_NAMES[name] ?? name] = value;
  const children = Array.from(node.childNodes, (child, index) => toStaticElement(child, index));
  return createElement(node.tagName.toLowerCase(), props, ...children);
}

let kitDom: { count: number; rows: ReactNode[] } | undefined;

/** Figure 3's `kit-dom` rows: the kit renders the rows once, untimed, and they are copied as elements. */
function kitDomRows(count: number): ReactNode[] {
  if (kitDom?.count === count) return kitDom.rows;
  const container = freshContainer();
  const root = createRoot(container);
  flushSync(() => {
    root.render(kitRows(cached.slice(0, count)));
  });
  const rows = Array.from(container.children, (row, index) => toStaticElement(row, index));
  root.unmount();
  container.remove();
  kitDom = { count, rows };
  return rows;
}

function kitRows(rows: Transaction[]) {
  return (
    <PaymentsProvider queryClient={cacheClient}>
      {rows.map((tx) => (
        <TransactionDetail key={tx.id} transactionId={String(tx.id)} headingLevel={3} />
      ))}
    </PaymentsProvider>
  );
}

/**
 * Figure 3. Renders the first `count` cached transactions in one fresh root, synchronously
 * (`flushSync`), and returns the ms from just before the render to its return: render, commit to
 * the DOM and the effects React flushes with a synchronous commit. The kit reads each row from the
 * cache through `useTransaction`; the baseline gets the same objects as props; `kit-dom` is the
 * kit's output as static elements.
 */
export function renderFromCache(contender: RowsContender, count: number): number {
  if (cached.length < count) throw new Error(`bench page: fillCache(${String(count)}) first`);
  const rows = cached.slice(0, count);
  const staticRows = contender === 'kit-dom' ? kitDomRows(count) : [];
  const container = freshContainer();
  const root = createRoot(container);
  try {
    collectGarbage();
    const startedAt = performance.now();
    flushSync(() => {
      root.render(
        contender === 'kit'
          ? kitRows(rows)
          : contender === 'kit-dom'
            ? staticRows
            : // The same objects, typed as a hand-written client would type them.
              rows.map((tx) => <PlainTransactionView key={tx.id} tx={tx as PlainTransaction} />),
      );
    });
    const elapsed = performance.now() - startedAt;
    const shown = container.querySelectorAll(SHOWN).length;
    if (shown !== count) throw new Error(`bench page: ${contender} showed ${String(shown)} of ${String(count)} rows from the cache`);
    return elapsed;
  } finally {
    root.unmount();
    container.remove();
  }
}
