// The Custom Elements Manifest (package.json `customElements`) is generated from src/elements by
// @custom-elements-manifest/analyzer with custom-elements-manifest.config.mjs. This runs the
// analyzer as `npm run build` does, into a temporary folder, and holds the manifest to the
// elements' contract (docs/elements.md): every tag, attribute and event of it.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

const contract = {
  'payments-provider': ['proxy-url', 'session', 'session-wait-ms', 'locale', 'time-zone', 'theme'],
  'payments-transaction-detail': ['transaction-id', 'generation', 'live-status'],
  'payments-confirm-button': ['payment-intent-id', 'payment-method-id', 'amount', 'require-confirmation'],
  'payments-flow-launcher': ['steps', 'user-id', 'require-auth', 'hide-go-to-dashboard-on-complete', 'mode', 'allowed-origins', 'forward-theme'],
  'payments-volume-card': ['period', 'type', 'tz', 'refresh-interval-ms'],
  // Defined by payments-kit/elements/transfers.
  'payments-transfer-list': ['page-size', 'status', 'type', 'start-date', 'end-date', 'live-status', 'heading-level', 'locale', 'time-zone'],
} as const;

const events = {
  'payments-transaction-detail': ['payments-error'],
  'payments-confirm-button': ['payments-confirmed', 'payments-requires-action', 'payments-outcome', 'payments-error'],
  'payments-flow-launcher': ['payments-step-completed', 'payments-complete', 'payments-message', 'payments-error'],
  'payments-volume-card': ['payments-error'],
  'payments-transfer-list': ['payments-error', 'payments-open-transfer', 'payments-filters-change'],
} as const;

interface Declaration {
  kind: string;
  name: string;
  tagName?: string;
  customElement?: boolean;
  attributes?: { name: string }[];
  events?: { name: string }[];
  members?: { name: string }[];
}
interface Manifest {
  schemaVersion: string;
  modules: { path: string; declarations?: Declaration[]; exports?: { kind: string; name: string; declaration: { name: string } }[] }[];
}

let outdir: string;
let manifest: Manifest;

beforeAll(async () => {
  outdir = await mkdtemp(path.join(tmpdir(), 'payments-kit-cem-'));
  // The project's config, writing elsewhere than dist/ (the analyzer joins `outdir` to the cwd).
  const config = path.join(outdir, 'custom-elements-manifest.config.mjs');
  await writeFile(
    config,
    `import config from ${JSON.stringify(path.join(root, 'custom-elements-manifest.config.mjs'))};\nexport default { ...config, outdir: ${JSON.stringify(path.relative(root, outdir))} };\n`,
  );
  const cem = path.join(root, 'node_modules/@custom-elements-manifest/analyzer/cem.js');
  await promisify(execFile)(process.execPath, [cem, 'analyze', '--config', config], { cwd: root });
  manifest = JSON.parse(await readFile(path.join(outdir, 'custom-elements.json'), 'utf8')) as Manifest;
}, 60_000);

afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
});

/** The source file of `tag`'s class, by the kit's naming (`payments-confirm-button` → PaymentsConfirmButtonElement). */
const sourceOf = (tag: string): string => {
  const name = `${tag.replace(/(^|-)(\w)/g, (_match, _dash: string, letter: string) => letter.toUpperCase())}Element`;
  return existsSync(path.join(root, 'src/elements', `${name}.tsx`)) ? `${name}.tsx` : `${name}.ts`;
};

const element = (tag: string): Declaration | undefined =>
  manifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.tagName === tag);

describe('given the Custom Elements Manifest generated from src/elements', () => {
  it('should declare the six tags as custom elements, each defined once, by its module', () => {
    for (const tag of Object.keys(contract)) {
      expect(element(tag), tag).toMatchObject({ kind: 'class', customElement: true });
      const definitions = manifest.modules.flatMap((module) => module.exports ?? []).filter((entry) => entry.kind === 'custom-element-definition');
      expect(definitions.filter((entry) => entry.name === tag).map((entry) => entry.declaration.name), tag).toEqual([element(tag)?.name]);
    }
  });

  it.each(Object.entries(contract))('should list every attribute of <%s> in the contract', (tag, attributes) => {
    expect(element(tag)?.attributes?.map((attribute) => attribute.name)).toEqual(expect.arrayContaining([...attributes]));
  });

  it('should take each attribute from its element\'s table, described and typed there, and from nowhere else', async () => {
    const confirm = element('payments-confirm-button')?.attributes as { name: string; description?: string; type?: { text: string }; fieldName?: string }[];
    expect(confirm.find((attribute) => attribute.name === 'amount')).toEqual({
      name: 'amount',
      description: expect.stringContaining('integer cents') as string,
      type: { text: 'number' },
      fieldName: 'amount',
    });
    // An attribute without a property of its own names none.
    expect(confirm.find((attribute) => attribute.name === 'locale')).not.toHaveProperty('fieldName');
    expect(element('payments-transaction-detail')?.attributes?.find((attribute) => attribute.name === 'generation')).toMatchObject({ type: { text: 'TransactionGeneration' } });
    for (const tag of Object.keys(contract)) {
      for (const attribute of (element(tag)?.attributes ?? []) as { name: string; description?: string }[]) expect(attribute.description, `${tag} ${attribute.name}`).toMatch(/\S/);
    }
    // The table is the one place: no element's JSDoc lists attributes again.
    const sources = await Promise.all(Object.keys(contract).map((tag) => readFile(path.join(root, 'src/elements', sourceOf(tag)), 'utf8')));
    for (const source of sources) expect(source).not.toMatch(/@attr\b/);
  });

  it.each(Object.entries(events))('should list the events <%s> sends, and no internal one', (tag, names) => {
    const listed = element(tag)?.events?.map((event) => event.name) ?? [];
    expect(listed).toEqual(expect.arrayContaining([...names]));
    expect(listed.filter((name) => !name.startsWith('payments-'))).toEqual([]);
    expect(listed).not.toContain('payments-context-request');
  });

  it('should name each module and reference by the file the package ships, not by its source', () => {
    const names = [...JSON.stringify(manifest).matchAll(/"(?:path|module)":"([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(names.length).toBeGreaterThan(10);
    for (const name of new Set(names)) {
      // The build keeps one file per module: src/elements/X.ts(x) ships as dist/lib/elements/X.js.
      const shipped = /^dist\/lib\/elements\/(\w+)\.js$/.exec(name);
      // The entries ship under their own names (package.json `exports`).
      if (name === 'dist/elements.js' || name === 'dist/elements-transfers.js') continue;
      expect(shipped, name).not.toBeNull();
      const source = `src/elements/${shipped?.[1] ?? ''}`;
      expect(existsSync(path.join(root, `${source}.ts`)) || existsSync(path.join(root, `${source}.tsx`)), name).toBe(true);
    }
  });

  it('should list the public properties, not the private fields', () => {
    expect(element('payments-flow-launcher')?.members?.map((member) => member.name)).toEqual(expect.arrayContaining(['steps', 'userId', 'allowedOrigins']));
    expect(element('payments-provider')?.members?.map((member) => member.name)).toEqual(expect.arrayContaining(['getSession', 'messages', 'session']));
    // `messages` is written once, on the class every component element extends.
    for (const tag of ['payments-transaction-detail', 'payments-confirm-button', 'payments-flow-launcher', 'payments-volume-card', 'payments-transfer-list']) {
      expect(element(tag)?.members?.map((member) => member.name)).toContain('messages');
    }
    const all = manifest.modules.flatMap((module) => module.declarations ?? []).flatMap((declaration) => declaration.members ?? []);
    expect(all.filter((member) => member.name.startsWith('#'))).toEqual([]);
  });
});
