// The README says its ids are the sandbox's, and the docs' examples run on the sandbox: every
// transaction, payment intent and payment method id they use must be one the sandbox has
// (sandboxIds, src/testing/fixtures.ts), or the example fails for whoever copies it.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandbox, sandboxIds } from 'payments-kit/testing';
import { root } from '../e2e/packedKit.js';

/**
 * Ids that are deliberately not the sandbox's, each with why. docs/api.md is the project's
 * account of the payments API itself, so its examples are the API's; many-instances.md shows a
 * Redis key with an id cut short.
 */
const notTheSandboxs: Record<string, { file: string; why: string }> = {
  '42': { file: 'docs/api.md', why: "the API's own path and callOperation examples" },
  pm_456: { file: 'docs/api.md', why: "the body the API's confirm takes" },
  pi_3Nx: { file: 'docs/many-instances.md', why: 'a stored key, its id elided' },
};

const pages = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** What reads as an id in an example: the intent and method prefixes, and transaction ids where a component, an element, a grant or a path takes one. */
const patterns = [
  /\b(p[im]_[A-Za-z0-9_]*[A-Za-z0-9])/g,
  /transaction[-_]?[iI]d[=:]\s*\{?["']([^"']+)["']/g,
  /transaction_id:\s*["']([^"']+)["']/g,
  /\btransactions\/(\d+|[0-9a-f]{8}-[0-9a-f-]{27})\b/g,
  /\b(?:legacyT|t)ransactions:\s*\[([^\]]*)\]/g,
];

function idsIn(text: string): string[] {
  const ids: string[] = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const found = match[1] ?? '';
      // A grant's list: each quoted string in it (an expression such as order.transactionId is no id).
      if (pattern.source.includes('ransactions:')) ids.push(...[...found.matchAll(/["']([^"']+)["']/g)].map((m) => m[1] ?? ''));
      else ids.push(found);
    }
  }
  return ids;
}

const known = new Set<string>([
  ...Object.values(sandboxIds.transactions),
  ...Object.values(sandboxIds.legacyTransactions),
  ...Object.values(sandboxIds.paymentIntents),
  ...Object.values(sandboxIds.missing),
  sandboxIds.paymentMethod,
]);

describe('given the ids in the README and docs/*.md', () => {
  const used = pages.flatMap((file) => idsIn(readFileSync(path.join(root, file), 'utf8')).map((id) => ({ file, id })));

  it('should find the examples (the extraction still matches how the docs write ids)', () => {
    expect(used.filter((u) => u.file === 'README.md').map((u) => u.id)).toEqual(expect.arrayContaining(['1001', 'pi_succeeded', 'pm_card_visa']));
  });

  it("should use only the sandbox's ids, apart from the listed exceptions", () => {
    const strangers = used.filter(({ file, id }) => !known.has(id) && notTheSandboxs[id]?.file !== file);
    expect(strangers).toEqual([]);
  });

  it('should list as exceptions only ids the docs still use, and none the sandbox has', () => {
    for (const [id, { file }] of Object.entries(notTheSandboxs)) {
      expect(used, `${id} in ${file}`).toContainEqual({ file, id });
      expect(known.has(id), id).toBe(false);
    }
  });

  it('should be ids the running sandbox answers, not only names in sandboxIds', async () => {
    const sandbox = createSandbox();
    const headers = { authorization: `Basic ${btoa(`${sandbox.credentials.clientId}:${sandbox.credentials.apiKey}`)}` };
    for (const id of new Set(used.filter(({ id }) => /^\d+$/.test(id) && Object.values(sandboxIds.transactions).includes(id as never)).map((u) => u.id))) {
      const response = await sandbox.fetch(new Request(`http://sandbox.test/api/v2/transactions/${id}`, { headers }));
      expect(response.status, `transaction ${id}`).toBe(200);
    }
  });
});
