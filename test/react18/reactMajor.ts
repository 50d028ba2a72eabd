import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The React major a Vitest project runs on: set by `provide` in vitest.config.ts. */
    reactMajor?: '18' | '19';
  }
}

/** The major this project must render with: '19' in unit and node, '18' in the *-react18 projects. */
export function expectedReactMajor(): '18' | '19' {
  const major = inject('reactMajor');
  if (major === undefined) throw new Error('This project sets no `provide: { reactMajor }` (vitest.config.ts).');
  return major;
}

/** `React.use` exists from 19 on: a check that does not read the version string. */
export function hasUse(react: object): boolean {
  return typeof (react as { use?: unknown }).use === 'function';
}
