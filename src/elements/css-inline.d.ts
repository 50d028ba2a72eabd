// Vite's `?inline` import: the stylesheet's text, for a constructable stylesheet.
declare module '*.css?inline' {
  const css: string;
  export default css;
}
