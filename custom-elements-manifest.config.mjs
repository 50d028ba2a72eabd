// `npm run build` writes dist/custom-elements.json (package.json `customElements`) from the
// elements' sources: the tags, attributes, events, parts and slots their JSDoc declares
// (@tagName, @attr, @fires, @csspart, @slot) and their public properties. Editors, linters and
// Storybook read it.

import { existsSync } from 'node:fs';
import { posix } from 'node:path';

/**
 * What the analyzer does not see by itself in src/elements:
 * - `@tagName` (it reads `@tag`, `@tagname` and `@customElement`, case-sensitively), and the
 *   elements are defined in a loop (define.ts), not by `customElements.define('tag', Class)`;
 * - the events it finds in `dispatchEvent(new CustomEvent(…))` calls are not events of the
 *   public contract: `emit(type, …)`'s parameter and the provider lookup's internal event.
 *   The contract's events are the `@fires` tags (src/elements/events.ts types them);
 * - `#private` fields are no one's API, and protected methods are the classes' own;
 * - it names the source files it read, which the package does not ship: each module is named
 *   by the file the build makes of it (`dist/lib/elements/…js`, the entry `dist/elements.js`),
 *   and a module with nothing in it (types only) is left out.
 */
function paymentsElementsPlugin() {
  const tags = new Map(); // class name → tag
  return {
    name: 'payments-kit-elements',
    analyzePhase({ ts, node }) {
      if (!ts.isClassDeclaration(node) || node.name === undefined) return;
      for (const tag of ts.getJSDocTags(node)) {
        if (tag.tagName.text === 'tagName' && typeof tag.comment === 'string') tags.set(node.name.text, tag.comment.trim());
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      customElementsManifest.modules = customElementsManifest.modules.filter(
        (module) => (module.declarations?.length ?? 0) > 0 || (module.exports?.length ?? 0) > 0,
      );
      for (const module of customElementsManifest.modules) {
        for (const declaration of module.declarations ?? []) {
          if (declaration.kind !== 'class') continue;
          declaration.members = declaration.members?.filter((member) => !member.name.startsWith('#') && member.privacy !== 'protected' && member.privacy !== 'private');
          declaration.events = declaration.events?.filter((event) => event.description !== undefined && event.name.startsWith('payments-'));
          const tagName = tags.get(declaration.name);
          if (tagName === undefined) continue;
          declaration.tagName = tagName;
          declaration.customElement = true;
          module.exports = [
            ...(module.exports ?? []),
            { kind: 'custom-element-definition', name: tagName, declaration: { name: declaration.name, module: module.path } },
          ];
        }
      }
      shippedPaths(customElementsManifest);
    },
  };
}

/**
 * Names every module by the file the build ships, and every reference to one (`module`, relative
 * to the module that holds it, or rooted at `/src`) the same way; an export of a module left out
 * (types only) goes too.
 */
function shippedPaths(manifest) {
  const kept = new Set(manifest.modules.map((module) => module.path));
  const resolve = (from, reference) => {
    const source = reference.startsWith('.') ? posix.join(posix.dirname(from), reference) : reference.replace(/^\//, '');
    return source.replace(/\.js$/, existsSync(source.replace(/\.js$/, '.tsx')) ? '.tsx' : '.ts');
  };
  const rename = (node, from) => {
    if (Array.isArray(node)) {
      for (const item of node) rename(item, from);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'module' && typeof value === 'string') node[key] = shippedPath(resolve(from, value));
        else rename(value, from);
      }
    }
  };
  for (const module of manifest.modules) {
    const from = module.path;
    module.exports = module.exports?.filter((entry) => entry.declaration?.module === undefined || kept.has(resolve(from, entry.declaration.module)));
    rename(module.declarations, from);
    rename(module.exports, from);
    module.path = shippedPath(from);
  }
}

function shippedPath(source) {
  if (source === 'src/elements/index.ts') return 'dist/elements.js';
  const match = /^src\/(.+)\.tsx?$/.exec(source);
  return match ? `dist/lib/${match[1]}.js` : source;
}

export default {
  globs: ['src/elements/**/*.{ts,tsx}'],
  exclude: ['src/elements/**/*.d.ts'],
  outdir: 'dist',
  litelement: false,
  dependencies: false,
  packagejson: false,
  plugins: [paymentsElementsPlugin()],
};
