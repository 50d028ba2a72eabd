// payments-kit/server is what edge runtimes load: walked from its entry, every module it reaches
// at run time must be runtime-neutral (no node: module, no Node-only package, no Node adapter).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** Every module an entry reaches at run time (`import type` / `export type` vanish at build time), and its bare imports. */
function walk(entry: string): { modules: string[]; bare: string[] } {
  const visited = new Set<string>();
  const bare = new Set<string>();
  const visit = (file: string) => {
    if (visited.has(file)) return;
    visited.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)) {
      const specifier = match[1] as string;
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else bare.add(specifier);
    }
  };
  visit(join(root, entry));
  return { modules: [...visited].map((file) => relative(root, file)).sort(), bare: [...bare].sort() };
}

describe('given payments-kit/server, which edge runtimes import', () => {
  it('should reach only src/server, src/api and src/lib modules, and no package but zod, jose (its one build is Web Crypto only) and rate-limiter-flexible\'s memory limiter (plain JavaScript)', () => {
    const { modules, bare } = walk('server/index.ts');
    expect(modules.length).toBeGreaterThan(10);
    expect(modules.filter((file) => !/^(server|api|lib)\//.test(file))).toEqual([]);
    expect(bare.filter((specifier) => !/^(zod|jose)(\/|$)/.test(specifier) && specifier !== 'rate-limiter-flexible/lib/RateLimiterMemory.js')).toEqual([]);
  });

  it('should leave node:http and undici to payments-kit/server/node', () => {
    const { modules, bare } = walk('server-node/index.ts');
    expect(bare).toContain('undici');
    expect(bare).toContain('node:http');
    expect(modules).toContain('server/createProxyCore.ts');
  });
});
