// Every TypeScript block of the README and of the SPA and Next.js guides compiles as written,
// against the kit's own types: each block is written to the file its first-line comment names
// (`// src/Payments.tsx`) or, without one, to the file an HTML comment just above it names
// (`<!-- file: app/payments-session.ts -->`), beside the other blocks of its document, so
// their imports of each other resolve. A block that shows a change to another one gives the
// lines it takes for granted in the same comment (`<!-- file: …; imports: … -->`).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../e2e/packedKit.js';

const documents = ['README.md', 'docs/spa.md', 'docs/nextjs.md'] as const;

/** Inside the package, so that `payments-kit` resolves to this checkout, as it does for the examples. */
const workDir = path.join(root, 'node_modules/.cache/doc-blocks');

interface Block {
  document: string;
  line: number;
  file: string;
  code: string;
}

/** The document's ts and tsx blocks, each with the file it is. */
function blocksOf(document: string): Block[] {
  const text = readFileSync(path.join(root, document), 'utf8');
  const blocks: Block[] = [];
  const fence = /(?:<!-- file: ([^;\n]+?)(?:; imports: (.+?))? -->\n)?```(tsx?)\n([\s\S]*?)```/g;
  for (const match of text.matchAll(fence)) {
    const [, marked, imports, lang, code = ''] = match;
    const named = /^\/\/ ([\w./[\]-]+\.tsx?)\b/.exec(code)?.[1];
    const line = text.slice(0, match.index).split('\n').length + (marked === undefined ? 0 : 1);
    const file = marked ?? named ?? `block-${line}.${lang}`;
    blocks.push({ document, line, file, code: `${imports === undefined ? '' : `${imports}\n`}${code}` });
  }
  return blocks;
}

const blocks = documents.flatMap(blocksOf);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('given the TypeScript blocks of the README, docs/spa.md and docs/nextjs.md', () => {
  it('should find them all, each document with its blocks in files of their own', () => {
    for (const document of documents) expect(blocks.filter((block) => block.document === document).length, document).toBeGreaterThan(1);
    for (const document of documents) {
      const files = blocks.filter((block) => block.document === document).map((block) => block.file);
      expect(new Set(files).size, `${document}: two blocks name one file`).toBe(files.length);
    }
  });

  // A type check of the blocks with the kit's sources they import: whole-program work whose time
  // is the machine's, so its bound is the processes project's, not a unit test's.
  it('should compile each of them as written, against the kit it documents', { timeout: 300_000 }, async () => {
    await rm(workDir, { recursive: true, force: true });
    const files: string[] = [];
    for (const block of blocks) {
      const file = path.join(workDir, block.document.replace(/\W/g, '_'), block.file);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, block.code);
      files.push(file);
    }
    const program = ts.createProgram(files, {
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
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((diagnostic) => diagnostic.file !== undefined && diagnostic.file.fileName.startsWith(workDir))
      // Next.js is not installed at the root: its own module is the one import left unresolved.
      // The Next guide's blocks come from examples/next-app-router, which the Next e2e builds.
      .filter((diagnostic) => !(diagnostic.code === 2307 && ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').includes("'next/")))
      .map((diagnostic) => {
        const file = diagnostic.file!;
        const { line } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
        const block = blocks[files.indexOf(path.normalize(file.fileName))];
        return `${block?.document ?? file.fileName}:${(block?.line ?? 0) + line + 1}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
      });
    expect(problems).toEqual([]);
  });
});
