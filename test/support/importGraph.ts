// What an entry of src reaches at run time, read from the sources: for the tests that hold an
// entry to what its runtime allows (edge runtimes, React Server Components).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const srcRoot = resolve(import.meta.dirname, '../../src');

export interface ImportGraph {
  /** Every source module reached, by its path under src/, with its text. */
  modules: Map<string, string>;
  /** The bare specifiers imported (packages and `node:` modules), sorted. */
  bare: string[];
}

/**
 * Every module `entry` (a path under src/) reaches at run time, following relative imports and
 * re-exports (`import type` / `export type` vanish at build time), and its bare imports.
 */
export function importGraph(entry: string): ImportGraph {
  const modules = new Map<string, string>();
  const bare = new Set<string>();
  const visit = (file: string) => {
    const path = relative(srcRoot, file);
    if (modules.has(path)) return;
    const source = readFileSync(file, 'utf8');
    modules.set(path, source);
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)) {
      const specifier = match[1] as string;
      if (!specifier.startsWith('.')) {
        bare.add(specifier);
        continue;
      }
      const stem = resolve(dirname(file), specifier.replace(/\.js$/, ''));
      const found = [`${stem}.ts`, `${stem}.tsx`, join(stem, 'index.ts')].find((candidate) => existsSync(candidate));
      if (found === undefined) throw new Error(`${path} imports ${specifier}, which is no source module`);
      visit(found);
    }
  };
  visit(join(srcRoot, entry));
  return { modules, bare: [...bare].sort() };
}
