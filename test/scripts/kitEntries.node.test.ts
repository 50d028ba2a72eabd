// The entry list is package.json `exports` alone: the library builds take their entries from it,
// and `payments-kit/…` named inside the repository (Vitest's server side here, tsx as `npm start`
// runs it) resolves through its source condition to the sources, not to a dist/ that may be stale.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createSandbox as createSandboxByName, createSandbox } from 'payments-kit/testing';
import { libraryEntries, sourceCondition, standaloneEntry } from '../../scripts/kitEntries.js';
import { root } from '../e2e/packedKit.js';

const exec = promisify(execFile);
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | Record<string, string>>;
  scripts: Record<string, string>;
};
const entries = Object.entries(pkg.exports).flatMap(([subpath, target]) => (typeof target === 'string' ? [] : [{ subpath, target }]));

describe('given package.json exports', () => {
  it('should name in every entry a source file that exists, ahead of the files that ship', () => {
    for (const { subpath, target } of entries) {
      const conditions = Object.keys(target);
      expect(existsSync(path.join(root, target[sourceCondition] ?? '')), subpath).toBe(true);
      expect(conditions.indexOf(sourceCondition), subpath).toBeLessThan(conditions.indexOf(target.import ? 'import' : 'default'));
      // A TypeScript source comes before `types` too, or TypeScript would read dist/'s declarations.
      // The stylesheet's `types` stays first: publint asks it of a source TypeScript cannot read.
      if (target[sourceCondition]?.endsWith('.ts')) expect(conditions[0], subpath).toBe(sourceCondition);
    }
  });

  it("should declare each entry's types as tsc builds them from its source (tsconfig.build.json: src → dist/types)", () => {
    for (const { subpath, target } of entries.filter(({ target }) => target[sourceCondition]?.endsWith('.ts'))) {
      expect(target.types, subpath).toBe(target[sourceCondition]?.replace(/^\.\/src\//, './dist/types/').replace(/\.ts$/, '.d.ts'));
    }
  });

  it('should give the library build every entry with an import path, named by its file in dist/, the standalone one apart', () => {
    const library = libraryEntries((subpath) => subpath !== standaloneEntry);
    const standalone = libraryEntries((subpath) => subpath === standaloneEntry);
    expect(standalone).toEqual({ 'elements-standalone': './src/elements/index.ts' });
    expect(library).toMatchObject({ index: './src/index.ts', 'server-node': './src/server-node/index.ts', 'testing-msw': './src/testing/msw.ts' });
    const built = entries.flatMap(({ target }) => (target.import ? [target.import] : []));
    expect(Object.keys({ ...library, ...standalone }).map((name) => `./dist/${name}.js`).sort()).toEqual(built.sort());
  });
});

describe('given Vitest on the server side', () => {
  it('should resolve payments-kit/… by name to the sources', () => {
    expect(createSandboxByName).toBe(createSandbox);
  });
});

describe('given tsx as `npm start` runs it', () => {
  it('should resolve payments-kit/… by name to the sources', async () => {
    // The start script's flags, e.g. `tsx --conditions=… scripts/start.ts` → `--conditions=…`.
    const flags = (pkg.scripts.start ?? '').split(' ').slice(1, -1);
    const { stdout } = await exec(path.join(root, 'node_modules/.bin/tsx'), [...flags, 'test/scripts/resolveKit.ts', 'payments-kit/server/node', 'payments-kit/testing/node'], { cwd: root });
    expect(stdout.trim().split('\n')).toEqual([pathToFileURL(path.join(root, 'src/server-node/index.ts')).href, pathToFileURL(path.join(root, 'src/testing/node.ts')).href]);
  });
});
