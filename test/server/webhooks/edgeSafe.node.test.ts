// payments-kit/server/webhooks runs where payments-kit/server does (edge runtimes included): walked
// from its entry, every module it reaches is runtime-neutral, and the signature check is Web Crypto.
import { describe, expect, it } from 'vitest';
import { importGraph } from '../../support/importGraph.js';

describe('given payments-kit/server/webhooks, which edge runtimes import', () => {
  it('should reach only src/server, src/api and src/lib modules, and no package but zod and jose', () => {
    const { modules, bare } = importGraph('server/webhooks/index.ts');
    expect([...modules.keys()].filter((file) => !/^(server|api|lib)\//.test(file))).toEqual([]);
    expect(bare.filter((specifier) => !/^(zod|jose)(\/|$)/.test(specifier))).toEqual([]);
  });

  it('should leave the proxy itself out: the routes are mounted beside it', () => {
    const { modules } = importGraph('server/webhooks/index.ts');
    expect(modules.has('server/createProxyCore.ts')).toBe(false);
  });
});
