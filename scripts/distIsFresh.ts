// Whether dist/ was built from the sources as they are now, so that `npm pack` (prepack) and the
// end-to-end tests that pack the kit build once, not again after `npm run build`.
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The kit's build's inputs, relative to the repository's root. */
export const buildInputs = ['src', 'package.json', 'scripts/kitEntries.ts', 'vite.config.ts', 'vite.standalone.config.ts', 'vite.catalogues.config.ts', 'custom-elements-manifest.config.mjs', 'tsconfig.json', 'tsconfig.build.json'];

/** The build's last-written file (its final `cp`). */
export const distStamp = (root: string): string => path.join(root, 'dist/styles.css.d.ts');

/** The newest modification time of the files at `paths` (folders read whole), in ms; 0 if none. */
export async function newestMtime(paths: string[]): Promise<number> {
  let newest = 0;
  for (const entry of paths) {
    const info = await stat(entry).catch(() => undefined);
    if (info === undefined) continue;
    if (!info.isDirectory()) {
      newest = Math.max(newest, info.mtimeMs);
      continue;
    }
    for (const file of await readdir(entry, { recursive: true, withFileTypes: true })) {
      if (file.isFile()) newest = Math.max(newest, (await stat(path.join(file.parentPath, file.name))).mtimeMs);
    }
  }
  return newest;
}

/** dist/ is fresh when its last-written file is newer than every input of the build. */
export async function distIsFresh(root: string): Promise<boolean> {
  const stamp = await stat(distStamp(root)).catch(() => undefined);
  if (!stamp) return false;
  return stamp.mtimeMs > (await newestMtime(buildInputs.map((p) => path.join(root, p))));
}
