import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'storybook-static/', 'public/', 'coverage/', 'node_modules/', '**/*.js', '**/*.mjs'] },
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
    // Layering (ARCHITECTURE.md): imports point down. components → client → api;
    // server and testing → api only; the contract imports zod only.
    files: ['src/api/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-dom', '@tanstack/*', '../client/*', '../components/*', '../server/*', '../testing/*', '../../*'], message: 'src/api imports zod only.' },
      ] }],
    },
  },
  {
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['../components/*', '../server/*', '../testing/*', 'node:*'], message: 'src/client imports src/api only.' },
      ] }],
    },
  },
  {
    files: ['src/server/**', 'src/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-dom', '@tanstack/*', '../client/*', '../components/*'], message: 'server and testing import src/api (and src/node) only.' },
        { group: ['../server/*'], message: 'testing must not import the server layer.' },
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
