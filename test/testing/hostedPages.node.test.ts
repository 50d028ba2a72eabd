import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostedPageFiles, hostedPagesDir } from '../../scripts/writeHostedPages.js';

describe('given the static copy of the hosted flow page in public/hosted', () => {
  it.each(Object.keys(hostedPageFiles))('should hold the sandbox’s current %s (run `npm run hosted-pages`)', async (name) => {
    expect(await readFile(path.join(hostedPagesDir, name), 'utf8')).toBe(hostedPageFiles[name]);
  });
});
