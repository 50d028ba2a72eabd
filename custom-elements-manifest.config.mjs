// `npm run build` writes dist/custom-elements.json (package.json `customElements`) from the
// elements' sources: the tags, events, parts and slots their JSDoc declares (@tagName, @fires,
// @csspart, @slot), their public properties, and the attributes of each element's table
// (`const attributes`, the one place they are written). Editors, linters and Storybook read it.

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
 *   by the file the build makes of it (`dist/lib/elements/…js`, the entries `dist/elements.js`
 *   and `dist/elements-transfers.js`),
 *   and a module with nothing in it (types only) is left out.
 */
function paymentsElementsPlugin() {
  const tags = new Map(); // class name → tag
  const tables = new Map(); // module path → its attributes, as the manifest lists them
  return {
    name: 'payments-kit-elements',
    analyzePhase({ ts, node, moduleDoc }) {
      if (ts.isVariableStatement(node)) {
        const table = attributeTable(ts, node);
        if (table !== undefined) tables.set(moduleDoc.path, table);
        return;
      }
      if (!ts.isClassDeclaration(node) || node.name === undefined) return;
      for (const tag of ts.getJSDocTags(node)) {
        if (tag.tagName.text === 'tagName' && typeof tag.comment === 'string') tags.set(node.name.text, tag.comment.trim());
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      customElementsManifest.modules = customElementsManifest.modules.filter(
        (module) => (module.declarations?.length ?? 0) > 0 || (module.exports?.length ?? 0) > 0,
      );
      // A tag defined by `customElements.define` in an entry of its own (elements/transfers.ts)
      // already has its definition there; the tags of the loop in define.ts get theirs below.
      const defined = new Set(
        customElementsManifest.modules.flatMap((module) => module.exports ?? []).filter((entry) => entry.kind === 'custom-element-definition').map((entry) => entry.name),
      );
      for (const module of customElementsManifest.modules) {
        for (const declaration of module.declarations ?? []) {
          if (declaration.kind !== 'class') continue;
          declaration.members = declaration.members?.filter((member) => !member.name.startsWith('#') && member.privacy !== 'protected' && member.privacy !== 'private');
          declaration.events = declaration.events?.filter((event) => event.description !== undefined && event.name.startsWith('payments-'));
          const tagName = tags.get(declaration.name);
          if (tagName === undefined) continue;
          declaration.tagName = tagName;
          declaration.attributes = tables.get(module.path) ?? [];
          declaration.customElement = true;
          if (defined.has(tagName)) continue;
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

/** The type an attribute's kind (ElementBase.ts `kinds`) reads it as. */
const kindTypes = { text: 'string', list: 'string', flag: 'boolean', onOff: 'boolean', number: 'number', headingLevel: 'number' };

/**
 * An element's attributes, from the one table that declares them (`const attributes = { key:
 * reflected('name', kinds.…) }`): each entry's name, its JSDoc as the description, the type its
 * kind reads (`kinds.oneOf<…>()` its words), and the property a `reflected` one has. The
 * elements' JSDoc names no attribute: the table is the one place they are written.
 */
function attributeTable(ts, statement) {
  const [declaration] = statement.declarationList.declarations;
  if (declaration === undefined || !ts.isIdentifier(declaration.name) || declaration.name.text !== 'attributes') return undefined;
  if (declaration.initializer === undefined || !ts.isObjectLiteralExpression(declaration.initializer)) return undefined;
  return declaration.initializer.properties.flatMap((property) => {
    const call = ts.isPropertyAssignment(property) ? property.initializer : undefined;
    if (call === undefined || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) return [];
    const [name, kind] = call.arguments;
    if (name === undefined || !ts.isStringLiteral(name)) return [];
    const description = ts
      .getJSDocCommentsAndTags(property)
      .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
      .join(' ')
      .trim();
    const kindText = kind === undefined ? '' : kind.getText();
    const word = /^kinds\.(\w+)/.exec(kindText)?.[1];
    const type = word === 'oneOf' ? /<(.+)>/.exec(kindText)?.[1] : kindTypes[word ?? ''];
    return [
      {
        name: name.text,
        ...(description === '' ? {} : { description }),
        ...(type === undefined ? {} : { type: { text: type } }),
        ...(call.expression.text === 'reflected' ? { fieldName: property.name.getText() } : {}),
      },
    ];
  });
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
  if (source === 'src/elements/transfers.ts') return 'dist/elements-transfers.js';
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
