// payments-kit/server is what edge runtimes load: walked from its entry, every module it reaches
// at run time must be runtime-neutral (no node: module, no Node-only package, no Node adapter).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../support/importGraph.js';

/** Every module an entry reaches at run time, and its bare imports. */
function walk(entry: string): { modules: string[]; bare: string[] } {
  const { modules, bare } = importGraph(entry);
  return { modules: [...modules.keys()].sort(), bare };
}

describe('given payments-kit/server, which edge runtimes import', () => {
  it('should reach only src/server, src/api and src/lib modules, and no package but zod, jose (its one build is Web Crypto only) and rate-limiter-flexible\'s memory limiter (plain JavaScript)', () => {
    const { modules, bare } = walk('server/index.ts');
    expect(modules.length).toBeGreaterThan(10);
    expect(modules.filter((file) => !/^(server|api|lib)\//.test(file))).toEqual([]);
    expect(bare.filter((specifier) => !/^(zod|jose)(\/|$)/.test(specifier) && specifier !== 'rate-limiter-flexible/lib/RateLimiterMemory.js')).toEqual([]);
  });

  it('should leave the transfer operations, their schemas and their grant to payments-kit/server/transfers', async () => {
    // Bundled as a consumer's bundler would: the barrels reach the modules, tree-shaking drops them.
    const { outputFiles } = await build({
      entryPoints: [fileURLToPath(new URL('../../src/server/index.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      logLevel: 'silent',
      packages: 'external',
    });
    const text = outputFiles[0]?.text ?? '';
    expect(text).toContain('/api/v2/transactions/{transaction_id}');
    expect(text).not.toMatch(/\/api\/v2\/transfers|merchant-wide|listTransfers|getTransfer/);
  });

  it('should keep payments-kit/server/transfers as runtime-neutral as the proxy it extends', () => {
    const { modules, bare } = walk('server/transfers/index.ts');
    expect(modules).toContain('api/schemas/transfer.ts');
    expect(modules.filter((file) => !/^(server|api|lib)\//.test(file))).toEqual([]);
    expect(bare.filter((specifier) => !/^zod(\/|$)/.test(specifier))).toEqual([]);
  });

  it('should leave node:http and undici to payments-kit/server/node', () => {
    const { modules, bare } = walk('server-node/index.ts');
    expect(bare).toContain('undici');
    expect(bare).toContain('node:http');
    expect(modules).toContain('server/createProxyCore.ts');
  });
});
