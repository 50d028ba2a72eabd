/**
 * Whether this is a production build, as bundlers tell it: they replace `process.env.NODE_ENV`
 * with a string literal. Where nothing replaced it and there is no `process` (an unbundled
 * module in a browser), the answer is yes: the checks that ask relax only in development.
 */
export function isProductionBuild(): boolean {
  try {
    return process.env.NODE_ENV === 'production';
  } catch {
    return true;
  }
}
