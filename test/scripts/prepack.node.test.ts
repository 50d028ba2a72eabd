// `npm pack` in a fresh clone builds first (prepack), and does not build again when dist/ was
// just built (check:package and the end-to-end tests build, then pack). Run on a small copy of
// the package: the real prepack script and its freshness check, the real package.json's prepack
// line, and a stand-in `build` that writes dist/ and counts its runs.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../e2e/packedKit.js';

const exec = promisify(execFile);
let dir: string;

const build = `node -e "const fs=require('fs');fs.mkdirSync('dist',{recursive:true});fs.writeFileSync('dist/index.js','export {};');fs.appendFileSync('builds.log','x');console.log('[build] out');fs.writeFileSync('dist/styles.css.d.ts','')"`;

async function pack(): Promise<{ files: string[]; stderr: string }> {
  const env = { ...process.env, PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}` };
  const { stdout, stderr } = await exec('npm', ['pack', '--dry-run', '--json'], { cwd: dir, env });
  // Only npm's JSON on stdout: the build's output went to stderr.
  const [packed] = JSON.parse(stdout) as [{ files: { path: string }[] }];
  return { files: packed.files.map((file) => file.path).sort(), stderr };
}

const builds = async () => (await readFile(path.join(dir, 'builds.log'), 'utf8').catch(() => '')).length;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'payments-kit-prepack-'));
  const real = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string>; files: string[] };
  await mkdir(path.join(dir, 'scripts'));
  await mkdir(path.join(dir, 'src'));
  await cp(path.join(root, 'scripts/prepack.ts'), path.join(dir, 'scripts/prepack.ts'));
  await cp(path.join(root, 'scripts/distIsFresh.ts'), path.join(dir, 'scripts/distIsFresh.ts'));
  await writeFile(path.join(dir, 'src/index.ts'), 'export {};\n');
  await writeFile(path.join(dir, 'README.md'), '# a copy\n');
  await writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'prepack-copy', version: '0.0.0', type: 'module', files: real.files, scripts: { prepack: real.scripts.prepack, build } }),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('given a clone without dist/', () => {
  it('should build before packing, so the tarball holds dist/', async () => {
    const { files, stderr } = await pack();
    expect(files).toEqual(['README.md', 'dist/index.js', 'dist/styles.css.d.ts', 'package.json']);
    expect(stderr).toContain('[build] out');
    expect(await builds()).toBe(1);
  });

  it('should not build again while dist/ is newer than its sources', async () => {
    const { stderr } = await pack();
    expect(stderr).toContain('dist/ is newer than its sources');
    expect(await builds()).toBe(1);
  });

  it('should build again once a source is newer than dist/', async () => {
    // The source's time set ahead instead of waiting for the clock.
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(dir, 'src/index.ts'), later, later);
    await pack();
    expect(await builds()).toBe(2);
  });
});
