import kitStyles from '../styles/styles.css?inline';

// What only the elements need, after the kit's stylesheet: the element is a block like a
// component's root, and a removed `hidden` keeps its meaning.
const hostStyles = ':host{display:block}:host([hidden]){display:none}';

let shared: CSSStyleSheet | undefined;

/**
 * The kit's stylesheet as one constructable stylesheet, made once per page and adopted by every
 * element's shadow root: no `<style>` element and no style attribute, so it applies under a
 * Content-Security-Policy of `style-src 'self'` (docs/elements.md#content-security-policy).
 */
export function adoptKitStyles(root: ShadowRoot): void {
  if (shared === undefined) {
    shared = new CSSStyleSheet();
    shared.replaceSync(kitStyles + hostStyles);
  }
  root.adoptedStyleSheets = [shared];
}
