/// <reference types="vite/client" />
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import 'payments-kit/styles.css';
import type { LegacyTransaction, Transaction } from 'payments-kit';
import { messagesByLocale, type MessagesLocale } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- seedLegacyTransactions of testing/fixtures, which no entry exports
import { sandboxIds, seedLegacyTransactions } from '../../src/testing/fixtures.js';
import { seedTransactions } from '../support/seedTransactions.js';
import { renderCachedDetail } from './renderCachedDetail.js';

// Real Chromium lays the text out with the Unicode bidirectional algorithm: what is measured here
// is the order the reader sees, left to right on the screen, not the order of the characters in
// the DOM. A bidi control sent by the API must not turn `acct1234` into `acct4321` on screen
// (U+202E, RIGHT-TO-LEFT OVERRIDE), nor `acct12 34` into `acct34 12` (an embedding, an isolate
// or a mark of the other direction, which reorders runs of digits between spaces).

afterEach(() => {
  cleanup();
});

const CONTROLS = ['\u202E', '\u202B', '\u2067', '\u200F', '\u061C'];

function renderCached(generation: 'v2' | 'legacy', id: string, data: Transaction | LegacyTransaction, dir: 'ltr' | 'rtl', locale: MessagesLocale) {
  const card = renderCachedDetail({ generation, id, data, dir, locale, messages: messagesByLocale[locale], width: 720, fontFamily: 'monospace' });
  expect(getComputedStyle(card).direction).toBe(dir);
  return card;
}

/** The left edge on screen of each of `characters`, in the order they are first found in `element`'s text. */
function leftEdges(element: Element, characters: string[]): number[] {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const positions = new Map<string, number>();
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let i = 0; i < text.length; i += 1) {
      const character = text.charAt(i);
      if (!characters.includes(character) || positions.has(character)) continue;
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      positions.set(character, range.getBoundingClientRect().left);
    }
  }
  return characters.map((character) => {
    const left = positions.get(character);
    if (left === undefined) throw new Error(`"${character}" is not shown in ${element.outerHTML}`);
    return left;
  });
}

/** `acct`, then 1, 2, 3, 4, drawn in that order from left to right (the spaces may be anywhere). */
function expectReadInOrder(element: Element, label: string) {
  const edges = leftEdges(element, ['a', 't', '1', '2', '3', '4']);
  const sorted = [...edges].sort((a, b) => a - b);
  expect(edges, `${label}: ${element.textContent}`).toEqual(sorted);
  expect(new Set(edges).size, label).toBe(edges.length);
}

const valueOf = (card: HTMLElement, selector: string) => {
  const element = card.querySelector(selector);
  if (!element) throw new Error(`nothing at ${selector}`);
  return element;
};

describe('given API text with a bidi control inside, in Chromium', () => {
  // A right-to-left page in each right-to-left language: the card takes its direction from it.
  describe.each([
    ['ltr', 'en'],
    ['rtl', 'ar'],
    ['rtl', 'he'],
  ] as const)('in a %s page (%s)', (dir, locale) => {
    it.each(CONTROLS.map((control) => [`U+${control.codePointAt(0)!.toString(16).toUpperCase()}`, control]))(
      'should draw names, ids and metadata holding %s as acct then 12 34, left to right',
      (_name, control) => {
        const id = sandboxIds.transactions.created;
        const seeded = seedTransactions().get(id)!;
        const spoof = `acct${control}12 34`;
        const transaction: Transaction = {
          ...seeded,
          source_name: spoof,
          metadata: spoof,
          transfer: {
            ...seeded.transfer,
            metadata: `${spoof}${control}`,
            external_data: { ...seeded.transfer?.external_data, account_id: spoof, external_id: `${spoof}-long-external` },
          },
        };
        const card = renderCached('v2', id, transaction, dir, locale);
        expectReadInOrder(valueOf(card, '[data-field="source_name"] dd'), 'source_name');
        expectReadInOrder(valueOf(card, '[data-field="metadata"] dd'), 'metadata');
        expectReadInOrder(valueOf(card, '.pk-section [data-field="metadata"] dd'), 'transfer.metadata');
        expectReadInOrder(valueOf(card, '[data-field="account_id"] dd'), 'account_id');
        expectReadInOrder(valueOf(card, '[data-field="external_id"] dd'), 'external_id');
      },
    );

    it('should draw legacy usernames, notes and receipt lines holding U+202E in order', () => {
      const id = sandboxIds.legacyTransactions.receipt;
      const seeded = seedLegacyTransactions().get(id)!;
      const spoof = 'acct\u202E12 34';
      const transaction: LegacyTransaction = {
        ...seeded,
        source_username: spoof,
        notes: { [spoof]: spoof },
        receipt: { ...seeded.receipt, items: [{ ...seeded.receipt?.items?.[0], name: spoof, description: spoof }] },
      };
      const card = renderCached('legacy', id, transaction, dir, locale);
      expectReadInOrder(valueOf(card, '[data-field="source_username"] dd'), 'source_username');
      expectReadInOrder(valueOf(card, '.pk-notes dt'), 'note key');
      expectReadInOrder(valueOf(card, '.pk-notes dd'), 'note value');
      expectReadInOrder(valueOf(card, '.pk-receipt tbody th'), 'receipt name');
      expectReadInOrder(valueOf(card, '.pk-receipt tbody td'), 'receipt description');
    });

    it('should keep the label and the row around a value that opens an override and never closes it', () => {
      const id = sandboxIds.transactions.created;
      const seeded = seedTransactions().get(id)!;
      const card = renderCached('v2', id, { ...seeded, source_name: '\u202Eacct', destination_name: 'acct1234' }, dir, locale);
      // The override cannot reach past its value: the next field still reads in order.
      expectReadInOrder(valueOf(card, '[data-field="destination_name"] dd'), 'destination_name');
      expect(valueOf(card, '[data-field="source_name"] dd').textContent).toBe('\uFFFDacct');
    });
  });
});
