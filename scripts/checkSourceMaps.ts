// Package check: every `sourceMappingURL` in a file the package ships names a source map that is
// shipped too, and every map carries the text of its sources (`sourcesContent`), so an
// integrator's debugger shows the kit's TypeScript instead of a 404 or a bare path.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' })) as [
  { files: { path: string }[] },
];
const shipped = new Set(pack.files.map((file) => file.path));
const problems: string[] = [];
let maps = 0;
for (const file of shipped) {
  if (!file.endsWith('.js')) continue;
  const text = readFileSync(path.join(root, file), 'utf8');
  const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text)?.[1];
  if (url === undefined) continue;
  const mapPath = path.posix.join(path.posix.dirname(file), url);
  if (!shipped.has(mapPath)) {
    problems.push(`${file} names ${url}, which the package does not ship`);
    continue;
  }
  const map = JSON.parse(readFileSync(path.join(root, mapPath), 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[] };
  maps += 1;
  if (map.sources.length === 0 || map.sourcesContent?.length !== map.sources.length || map.sourcesContent.some((content) => typeof content !== 'string')) {
    problems.push(`${mapPath} does not carry the text of its sources`);
  }
}
if (problems.length > 0) {
  console.error(`source maps: ${String(problems.length)} problem(s):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`source maps: ${String(maps)} shipped .js files name a map that ships with its sources`);
