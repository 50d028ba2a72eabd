// Where an entry's bytes go, module by module: the bundle size-limit measures for one check of
// .size-limit.mjs (same esbuild options, same `modifyEsbuildConfig`, same import loader), with
// each module's minified bytes (the characters the bundle's source map gives it) and its share of the gzipped total (how much smaller the gzipped
// bundle gets without that module's characters). Run after `npm run build`:
//
//   npx tsx scripts/sizeByModule.ts "ConfirmIntentButton imported alone (with"
//   npx tsx scripts/sizeByModule.ts "whole browser entry" --folders --top 30
//
// The argument picks the check whose name contains it. The total printed is size-limit's figure:
// gzip -9 of the bundle (esbuild's default format, an IIFE whose peers are `require` calls) less
// the empty project's bytes @size-limit/esbuild subtracts.
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

interface SizeCheck {
  name: string;
  path: string | string[];
  import?: string | Record<string, string>;
  ignore?: string[];
  gzip?: boolean;
  modifyEsbuildConfig?: (config: BuildOptions) => BuildOptions;
}

/**
 * What @size-limit/esbuild subtracts for an empty project with an `import` (gzip): more when the
 * bundle holds esbuild's `require` shim, which leaving peers out brings in.
 */
const emptyProjectGzip = (bundle: string) => (bundle.includes('Dynamic require of ') ? 182 : 46);

const root = path.resolve(import.meta.dirname, '..');

/** A module of dist/ by its source (src/…ts, src/…tsx) where there is one; packages by their path. */
function shortName(file: string): string {
  const relative = path.relative(root, file);
  const source = relative.replace(/^dist\/(lib\/)?/, 'src/').replace(/\.js$/, '');
  return ['.ts', '.tsx'].map((extension) => source + extension).find((candidate) => existsSync(path.join(root, candidate))) ?? relative;
}

/**
 * The bundle's map points at the files esbuild read, not through their own maps to src/ (a map
 * esbuild followed would leave what it does not cover, such as the stylesheet's text, unowned).
 */
const ignoreInputMaps: Plugin = {
  name: 'ignore-input-source-maps',
  setup(builder) {
    builder.onLoad({ filter: /\.[cm]?js$/ }, async (file) => ({
      contents: (await readFile(file.path, 'utf8')).replace(/\/\/# sourceMappingURL=\S+\s*$/, ''),
      loader: 'js',
    }));
  },
};

/** Characters no module owns: esbuild's own helpers and the bundle's wrapper. */
const runtime = '(esbuild runtime and wrapper)';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '40' }, folders: { type: 'boolean', default: false } },
});

const checksUrl = pathToFileURL(path.join(root, '.size-limit.mjs')).href;
const checks = ((await import(checksUrl)) as { default: SizeCheck[] }).default;
const wanted = positionals[0] ?? '';
const matching = checks.filter((check) => check.name.includes(wanted) && check.import !== undefined);
if (matching.length !== 1) {
  console.error(`Name one check of .size-limit.mjs with an import (${matching.length} match "${wanted}"):`);
  for (const check of checks) if (check.import !== undefined) console.error(`  ${check.name}`);
  process.exit(1);
}
const check = matching[0]!;

// size-limit's loader: one `import … from` per file, each import used so none is dropped.
const imports = typeof check.import === 'string' ? { [String(check.path)]: check.import } : check.import!;
const loader = Object.entries(imports)
  .map(([file, names]) => {
    const from = JSON.stringify(path.join(root, file));
    return names === '*' ? `import * as all from ${from}\nconsole.log(all)\n` : `import ${names} from ${from}\nconsole.log(${names.replace(/[{}]/g, '')})\n`;
  })
  .join('');
const outdir = await mkdtemp(path.join(tmpdir(), 'size-by-module-'));
try {
  const entry = path.join(outdir, 'index.js');
  await writeFile(entry, loader);
  const base: BuildOptions = {
    allowOverwrite: true, bundle: true, entryPoints: [entry], external: check.ignore,
    minifyIdentifiers: true, minifySyntax: true, minifyWhitespace: true, outdir, treeShaking: true, write: true,
  };
  const config = check.modifyEsbuildConfig ? check.modifyEsbuildConfig(base) : base;
  const result = await build({ ...config, write: false, sourcemap: 'external', logLevel: 'silent', plugins: [...(config.plugins ?? []), ignoreInputMaps] });
  const code = result.outputFiles.find((file) => file.path.endsWith('.js'))!;
  const map = result.outputFiles.find((file) => file.path.endsWith('.js.map'))!;
  const text = code.text;
  const gzipped = gzipSync(text, { level: 9 }).length;
  const owners = ownersByOffset(text, JSON.parse(map.text) as SourceMap, outdir);
  const minified = new Map<string, number>();
  for (const owner of owners) minified.set(owner, (minified.get(owner) ?? 0) + 1);
  const rows = [...minified].map(([name, bytes]) => ({
    name, minified: bytes, gzip: gzipped - gzipSync(without(text, owners, name), { level: 9 }).length,
  }));
  const grouped = values.folders ? groupByFolder(rows) : rows;
  grouped.sort((a, b) => b.gzip - a.gzip || b.minified - a.minified);

  console.log(`${check.name}\n  size-limit: ${gzipped - emptyProjectGzip(text)} B (min+gzip), minified ${text.length} B\n`);
  console.log(`${'gzip share'.padStart(10)} ${'minified'.padStart(9)}  ${values.folders ? 'folder' : 'module'}`);
  for (const row of grouped.slice(0, Number(values.top))) {
    console.log(`${String(row.gzip).padStart(10)} ${String(row.minified).padStart(9)}  ${row.name}`);
  }
  const rest = grouped.slice(Number(values.top));
  if (rest.length > 0) {
    const sum = (key: 'gzip' | 'minified') => rest.reduce((total, row) => total + row[key], 0);
    console.log(`${String(sum('gzip')).padStart(10)} ${String(sum('minified')).padStart(9)}  (${rest.length} more)`);
  }
} finally {
  await rm(outdir, { recursive: true, force: true });
}

function groupByFolder(rows: { name: string; minified: number; gzip: number }[]) {
  const folders = new Map<string, { name: string; minified: number; gzip: number }>();
  for (const row of rows) {
    const name = path.dirname(row.name);
    const folder = folders.get(name) ?? { name, minified: 0, gzip: 0 };
    folder.minified += row.minified;
    folder.gzip += row.gzip;
    folders.set(name, folder);
  }
  return [...folders.values()];
}

interface SourceMap { sources: string[]; mappings: string }

/** The module each character of the bundle comes from, read from esbuild's source map. */
function ownersByOffset(text: string, map: SourceMap, mapDirectory: string): string[] {
  const sources = map.sources.map((source) => shortName(path.resolve(mapDirectory, source)));
  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  const owners = new Array<string>(text.length).fill(runtime);
  let source = 0;
  let previous = { offset: 0, owner: runtime };
  map.mappings.split(';').forEach((line, lineIndex) => {
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields = decodeVlq(segment);
      column += fields[0]!;
      if (fields.length > 1) source += fields[1]!;
      const offset = lineStarts[lineIndex]! + column;
      owners.fill(previous.owner, previous.offset, offset);
      previous = { offset, owner: fields.length > 1 ? sources[source]! : runtime };
    }
  });
  owners.fill(previous.owner, previous.offset, text.length);
  return owners;
}

/** Base64 VLQ, as source maps write their mappings: [column, source, line, column, name] deltas. */
function decodeVlq(segment: string): number[] {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = digits.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/** The bundle without the characters one module contributed. */
function without(text: string, owners: string[], name: string): string {
  const kept: string[] = [];
  for (let at = 0; at < text.length; at += 1) if (owners[at] !== name) kept.push(text[at]!);
  return kept.join('');
}
