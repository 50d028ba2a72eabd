// payments-kit/queries is what a React Server Component imports to prefetch: every module it
// reaches at run time must be free of 'use client' (a server component importing such a module
// gets client references, not functions) and of hooks and context.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as queries from 'payments-kit/queries';
import { importGraph, srcRoot as root } from '../support/importGraph.js';

/** Every source module an entry reaches at run time, by its path under src/, with its text. */
const walk = (entry: string): Map<string, string> => importGraph(entry).modules;

const directive = (source: string) => /^\s*(?:\/\/[^\n]*\n\s*)*['"]use client['"]/.test(source);

describe('given payments-kit/queries and payments-kit/transfers/queries, which server components import', () => {
  it.each(['client/queriesEntry.ts', 'client/transfersQueriesEntry.ts'])('should reach from %s no module with the use client directive, and no React hook or context', (entry) => {
    const modules = walk(entry);
    expect(modules.size).toBeGreaterThan(5);
    const clientModules = [...modules].filter(([, source]) => directive(source) || /from 'react'/.test(source)).map(([file]) => file);
    expect(clientModules).toEqual([]);
  });

  it('should export the keys, the options factories, the fetcher and the prefetch helpers as functions', () => {
    for (const name of ['createProxyFetcher', 'callOperation', 'transactionQueryOptions', 'transactionVolumeQueryOptions', 'prefetchPayments', 'dehydratePayments'] as const) {
      expect(typeof queries[name]).toBe('function');
    }
    expect(queries.paymentsKeys.transaction('v2', '1001')).toEqual(['payments-kit', 'transaction', 'v2', '1001']);
  });

  it('should leave the root entry a client entry: its hooks and components need the directive', () => {
    expect(directive(readFileSync(join(root, 'index.ts'), 'utf8'))).toBe(true);
    expect(walk('index.ts').size).toBeGreaterThan(walk('client/queriesEntry.ts').size);
  });
});
