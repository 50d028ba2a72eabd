import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What src/server may not import, from any depth of it (see the src/server blocks below). */
const serverPatterns = [
  { group: ['react', 'react-dom', '@tanstack/*'], message: 'src/server imports src/api only.' },
  { regex: '^(\\.\\./)+(client|components|elements|testing)(/|$)', message: 'src/server imports src/api only.' },
  { group: ['node:*', 'undici', 'redis'], message: 'src/server is runtime-neutral: Node-only code lives in src/node-http and src/server-node.' },
  { regex: '^(\\.\\./)+(node-http|server-node|server-redis)(/|$)', message: 'src/server is runtime-neutral: Node-only code lives in src/node-http and src/server-node.' },
];

export default tseslint.config(
  { ignores: ['dist/', 'storybook-static/', 'public/', 'coverage/', 'node_modules/', 'examples/next-app-router/', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Layering (README, "Layers"): imports point down. components → client → api → lib;
    // server → api; server-node → server, node-http, api; testing → api (+ node-http); api → zod,
    // lib; lib → nothing. Every layer may import src/lib.
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(?!\\./)', message: 'src/lib imports nothing but its own files: every layer imports it.' },
      ] }],
    },
  },
  {
    files: ['src/api/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-dom', '@tanstack/*', '../client/*', '../components/*', '../elements/*', '../server/*', '../server-node/*', '../node-http/*', '../testing/*', '../../*', 'node:*'], message: 'src/api imports zod and src/lib only.' },
      ] }],
    },
  },
  {
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['../components/*', '../elements/*', '../server/*', '../server-node/*', '../node-http/*', '../testing/*', 'node:*'], message: 'src/client imports src/api only.' },
      ] }],
    },
  },
  {
    // Runtime-neutral proxy (payments-kit/server): the contract only; no node: module, no
    // undici, no Node adapter, so it runs on edge runtimes. The folders are matched by regular
    // expression, so the rules hold from the core and from each stage's folder alike.
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverPatterns }] },
  },
  {
    // A stage's folder (src/server/request/, sessions/, …) imports the stages beside it and, of
    // the core above, only its one error answer: the core imports the stages, never the reverse.
    files: ['src/server/*/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        ...serverPatterns,
        { regex: '^\\.\\./(?!proxyError\\.js$)[^./][^/]*$', message: 'A stage of src/server imports of the core only proxyError.js: the core imports the stages.' },
      ] }],
    },
  },
  {
    // Node HTTP adapters: node built-ins and the contract.
    files: ['src/node-http/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-dom', '@tanstack/*', '../client/*', '../components/*', '../elements/*', '../server/*', '../server-node/*', '../testing/*', 'undici', 'redis'], message: 'src/node-http imports node built-ins and src/api only.' },
      ] }],
    },
  },
  {
    // The proxy on Node (payments-kit/server/node): server, node adapters, node built-ins, undici.
    files: ['src/server-node/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-dom', '@tanstack/*', '../client/*', '../components/*', '../elements/*', '../testing/*', 'redis'], message: 'src/server-node imports src/server, src/node-http, src/api, node built-ins and undici only.' },
      ] }],
    },
  },
  {
    // The Redis idempotency store (payments-kit/server/redis): src/server's types, src/lib, node
    // built-ins and redis.
    files: ['src/server-redis/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-dom', '@tanstack/*', 'undici', 'msw', 'zod', 'zod/*', '../api/*', '../client/*', '../components/*', '../elements/*', '../node-http/*', '../server-node/*', '../testing/*', '../styles/*', '../index.js', '../../*'], message: 'src/server-redis imports src/server types, src/lib, node built-ins and redis only.' },
      ] }],
      // Anything of src/server it takes is a type (its runtime code stays out of this entry).
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [
        { group: ['../server/*'], allowTypeImports: true, message: 'src/server-redis imports only types from src/server.' },
      ] }],
    },
  },
  {
    // The custom elements (payments-kit/elements): the public browser entry (src/index.ts: the
    // components, client and contract), the client's internals it shares and the stylesheet.
    files: ['src/elements/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['../server/*', '../server-node/*', '../server-redis/*', '../node-http/*', '../testing/*', 'node:*', 'undici', 'redis', 'msw'], message: 'src/elements imports the browser entry, src/client and the stylesheet only.' },
      ] }],
    },
  },
  {
    // Nothing below the elements imports them.
    files: ['src/components/**', 'src/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['../elements/*', './elements/*', '../../elements/*'], message: 'src/elements is the top layer: nothing below imports it.' },
      ] }],
    },
  },
  {
    // The proxy as a process of its own (`payments-kit proxy`, the package's bin): the Node proxy,
    // node built-ins, zod, and the sandbox's Node server for --sandbox; never the browser layers.
    files: ['src/cli/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-dom', '@tanstack/*', '../client/*', '../components/*', '../elements/*', 'msw', '../testing/msw.js'], message: 'src/cli imports src/server-node, the sandbox\'s Node entry (src/testing/node.ts), node built-ins and zod only.' },
      ] }],
    },
  },
  {
    files: ['src/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-dom', '@tanstack/*', '../client/*', '../components/*'], message: 'testing imports src/api (and src/node-http in its Node entry) only.' },
        { group: ['../server/*', '../server-node/*'], message: 'testing must not import the server layer.' },
      ] }],
    },
  },
  {
    // Tests reach src through its entries (`payments-kit/…`, resolved to the sources by the
    // source condition), so a module of src can move without its tests being rewritten. A test
    // about a module's inside says so where it imports it, with the reason after `--`.
    files: ['test/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '^(\\.\\./)+src/', message: 'Import src through its entries (payments-kit/…). A test about a module\'s inside says so: // eslint-disable-next-line no-restricted-imports -- <what of its inside it tests>.' },
      ] }],
    },
  },
  {
    files: ['test/**', 'scripts/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-confusing-void-expression': 'off',
    },
  },
);
