// The package's entries are listed once, in package.json `exports`. Each entry's condition
// `payments-kit:source` names its source file; it comes first (the stylesheet's after `types`,
// which TypeScript reads instead of the CSS), and the `types` and `import` paths are what ships.
// This repository's own tools ask for that condition, and so resolve `payments-kit/server` in a
// story, a test or the demo to src/server/index.ts by the package's own name: TypeScript through
// tsconfig `customConditions`, Vite and Vitest through the conditions below, tsx through
// `--conditions` (package.json scripts). The library builds read their entry files from the same list.
import { readFileSync } from 'node:fs';
import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * The export condition that points an entry at its source. Named after the package, so that no
 * consumer's toolchain ever asks for it: in the tarball it is inert (its `./src/…` paths are not
 * shipped, and publint skips custom conditions).
 */
export const sourceCondition = 'payments-kit:source';

/** Vite's conditions with the sources' first, for browser code (`resolve`) and server code (`ssr`). */
export const sourceResolve = {
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [sourceCondition, ...defaultServerConditions] } },
};

/** Built apart by vite.standalone.config.ts, with React and everything else inside. */
export const standaloneEntry = './elements/standalone';

const { exports } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, string | Record<string, string | undefined>>;
};

/**
 * The JavaScript entries of `subpaths` as Vite's `build.lib.entry` takes them: each entry's file
 * name in dist/ (its `import` path without `.js`) → its source file. The stylesheet and
 * `./package.json` have no `import` path and are not built here.
 */
export function libraryEntries(subpaths: (subpath: string) => boolean): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(exports)) {
    if (typeof target === 'string' || !subpaths(subpath)) continue;
    const source = target[sourceCondition];
    const name = /^\.\/dist\/(.+)\.js$/.exec(target.import ?? '')?.[1];
    if (source !== undefined && name !== undefined) entries[name] = source;
  }
  return entries;
}
