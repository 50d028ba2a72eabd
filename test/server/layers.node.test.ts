// src/server's import rules (eslint.config.js), read by ESLint itself: the layer rules hold from
// the core and from each stage's folder alike, and a stage imports of the core only its error answer.
import { ESLint } from 'eslint';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Only the import rules, parsed without type information: a typed parse builds the whole
// project's TypeScript program first, which takes minutes on a busy machine and proves nothing here.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
});

/** The import specifiers ESLint refuses (`no-restricted-imports`) in `source`, linted as if it were `file`. */
async function refusedImports(file: string, imports: readonly string[]): Promise<string[]> {
  const source = imports.map((specifier, index) => `import * as imported${String(index)} from '${specifier}';\n`).join('')
    + `export const all = [${imports.map((_, index) => `imported${String(index)}`).join(', ')}];\n`;
  const [result] = await eslint.lintText(source, { filePath: resolve(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => imports[message.line - 1] ?? `line ${String(message.line)}`);
}

describe('given the import rules of src/server', () => {
  it('should refuse the client, the components and the Node adapters from a stage\'s folder as from the core', async () => {
    const refused = ['../client/index.js', '../node-http/index.js', '../server-node/index.js'];
    expect(await refusedImports('src/server/createProxyCore.ts', [...refused, '../api/index.js'])).toEqual(refused);
    const deeper = ['../../client/index.js', '../../components/index.js', '../../node-http/index.js', '../../server-redis/index.js'];
    expect(await refusedImports('src/server/limits/rateLimitSubject.ts', [...deeper, '../../api/index.js'])).toEqual(deeper);
  });

  it('should let a stage import the core\'s error answer and another stage, and refuse the rest of the core', async () => {
    expect(
      await refusedImports('src/server/upstream/prepareUpstreamCall.ts', [
        '../proxyError.js',
        '../request/ProxyIncoming.js',
        '../options.js',
        '../createProxyCore.js',
        './callUpstream.js',
      ]),
    ).toEqual(['../options.js', '../createProxyCore.js']);
  });
});
