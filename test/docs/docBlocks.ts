// The TypeScript blocks of the integrators' documents, as files: what the doc tests compile
// (test/docs/codeBlocks.node.test.ts, and the Next guide's in test/e2e/nextApp.node.test.ts, where
// Next is installed) and run (the README's, the SPA guide's and the Next guide's servers).
// Each block is the file its first-line comment names (`// src/Payments.tsx`) or, without one,
// the file an HTML comment just above it names (`<!-- file: app/payments-session.ts -->`), beside
// the other blocks of its document, so their imports of each other resolve. A block that shows a
// change to another one gives the lines it takes for granted in the same comment
// (`<!-- file: …; imports: … -->`).
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { root } from '../e2e/packedKit.js';

export interface Block {
  document: string;
  /** The line of the document its code starts on. */
  line: number;
  file: string;
  /** The file: the document's code, below the lines its `imports:` gives. */
  code: string;
  /** The code as the document shows it. */
  shown: string;
  /** Lines put above the document's code (its `imports:`). */
  prelude: number;
}

/** The document's ts and tsx blocks, each with the file it is. */
export function blocksOf(document: string): Block[] {
  const text = readFileSync(path.join(root, document), 'utf8');
  const blocks: Block[] = [];
  const fence = /(?:<!-- file: ([^;\n]+?)(?:; imports: (.+?))? -->\n)?```(tsx?)\n([\s\S]*?)```/g;
  for (const match of text.matchAll(fence)) {
    const [, marked, imports, lang, code = ''] = match;
    const named = /^\/\/ ([\w./[\]-]+\.tsx?)\b/.exec(code)?.[1];
    const line = text.slice(0, match.index).split('\n').length + (marked === undefined ? 0 : 1);
    const file = marked ?? named ?? `block-${line}.${lang}`;
    blocks.push({ document, line, file, code: `${imports === undefined ? '' : `${imports}\n`}${code}`, shown: code, prelude: imports === undefined ? 0 : 1 });
  }
  return blocks;
}

/** The document's block that is `file`; throws when the document has none, so a renamed block fails loudly. */
export function blockNamed(document: string, file: string): Block {
  const block = blocksOf(document).find((candidate) => candidate.file === file);
  if (block === undefined) throw new Error(`${document} has no ts block for ${file}`);
  return block;
}

/** The folder under `dir` where writeBlocks puts the document's blocks. */
export const documentFolder = (dir: string, document: string): string => path.join(dir, document.replace(/\W/g, '_'));

/** Writes each block under `dir`, in a folder per document, as the file it is; returns their paths in order. */
export async function writeBlocks(blocks: readonly Block[], dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const block of blocks) {
    const file = path.join(documentFolder(dir, block.document), block.file);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, block.code);
    files.push(file);
  }
  return files;
}

/**
 * Type-checks the blocks, written under `dir`, with `options` (and `extraRoots`, such as a Next
 * app's next-env.d.ts): every problem in a block, as `document:line: message`, the line the
 * document's own.
 */
export async function compileBlocks(blocks: readonly Block[], dir: string, options: ts.CompilerOptions, extraRoots: readonly string[] = []): Promise<string[]> {
  const files = await writeBlocks(blocks, dir);
  const program = ts.createProgram([...files, ...extraRoots], options);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file !== undefined && files.includes(path.normalize(diagnostic.file.fileName)))
    .map((diagnostic) => {
      const file = diagnostic.file!;
      const { line } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const block = blocks[files.indexOf(path.normalize(file.fileName))]!;
      return `${block.document}:${block.line + line + 1 - block.prelude}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
    });
}
