// `npm run build` writes dist/custom-elements.json (package.json `customElements`) from the
// elements' sources: the tags, attributes, events, parts and slots their JSDoc declares
// (@tagName, @attr, @fires, @csspart, @slot) and their public properties. Editors, linters and
// Storybook read it.

/**
 * What the analyzer does not see by itself in src/elements:
 * - `@tagName` (it reads `@tag`, `@tagname` and `@customElement`, case-sensitively), and the
 *   elements are defined in a loop (define.ts), not by `customElements.define('tag', Class)`;
 * - the events it finds in `dispatchEvent(new CustomEvent(…))` calls are not events of the
 *   public contract: `emit(type, …)`'s parameter and the provider lookup's internal event.
 *   The contract's events are the `@fires` tags (src/elements/events.ts types them);
 * - `#private` fields are no one's API, and protected methods are the classes' own.
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
    },
  };
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
