// Every TypeScript block of the README and of the SPA guide compiles as written, against the
// kit's own types (test/docs/docBlocks.ts says how a block becomes a file). The Next.js guide's
// blocks import `next/…`, which only the Next example's install has: they compile there, against
// Next's own types and the packed kit (test/e2e/nextApp.node.test.ts).
import { rm } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../e2e/packedKit.js';
import { blocksOf, compileBlocks } from './docBlocks.js';

const documents = ['README.md', 'docs/spa.md'] as const;

/** Inside the package, so that `payments-kit` resolves to this checkout, as it does for the examples. */
const workDir = path.join(root, 'node_modules/.cache/doc-blocks');

const blocks = documents.flatMap(blocksOf);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('given the TypeScript blocks of the README and docs/spa.md', () => {
  it('should find them all, each document with its blocks in files of their own', () => {
    for (const document of [...documents, 'docs/nextjs.md']) {
      const files = blocksOf(document).map((block) => block.file);
      expect(files.length, document).toBeGreaterThan(1);
      expect(new Set(files).size, `${document}: two blocks name one file`).toBe(files.length);
    }
  });

  // A type check of the blocks with the kit's sources they import: whole-program work whose time
  // is the machine's, so its bound is the processes project's, not a unit test's.
  it('should compile each of them as written, against the kit it documents', { timeout: 300_000 }, async () => {
    await rm(workDir, { recursive: true, force: true });
    const problems = await compileBlocks(blocks, workDir, {
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      customConditions: ['payments-kit:source'],
      jsx: ts.JsxEmit.ReactJSX,
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    });
    expect(problems).toEqual([]);
  });
});
