// @ts-check
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;
/** The repository's own resolver (eslint-resolver.cjs): the `@/` alias, contract's exports, TypeScript files. */
const RESOLVER = { [path.join(ROOT, 'eslint-resolver.cjs')]: {} };

/** Import boundaries of STYLE.md outside web/: contract imports nothing of ours; the server never imports web; e2e is a black box. */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** Who may import whom in web/src (element types are defined in the boundaries settings below). */
const WEB_LAYERS = [
  { from: ['app'], allow: ['app', 'features', 'lib', 'locales', 'contract'] },
  // A feature may import its own files, never another feature's.
  { from: ['features'], allow: [['features', { feature: '{{ from.captured.feature }}' }], 'lib', 'locales', 'contract'] },
  { from: ['lib'], allow: ['lib', 'locales', 'contract'] },
  { from: ['locales'], allow: ['locales'] },
  { from: ['test'], allow: ['app', 'features', 'lib', 'locales', 'test', 'contract'] },
];
const webBoundaries = (rules) => ({
  default: 'disallow',
  message:
    '${from.type} may not import ${target.type} (${target.source}). Web layers (STYLE.md): lib -> features -> app, never back; a feature imports only its own folder, lib/, locales/ and contract.',
  rules,
});

export default tseslint.config(
  // dist-*: the builds tests and the e2e suite make of the server for themselves (server-process.ts, global-setup.ts).
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-*/**', '**/coverage/**', 'data/**', 'e2e/artifacts/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: restrict([{ group: ['@gradus/*', '../../server/*', '../../web/*'], message: 'contract/ imports nothing of ours.' }]),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrict([{ group: ['**/web/**', '@gradus/web'], message: 'The server never imports the web app.' }]),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Web layers (STYLE.md): lib -> features -> app, never back, and a feature never imports another feature.
    // Checked on resolved files, so `../../payment/x`, `@/features/payment/x` and `import('@/features/payment/x')` are one dependency.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': RESOLVER,
      'boundaries/root-path': ROOT,
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      'boundaries/legacy-templates': false,
      'boundaries/elements': [
        { type: 'contract', pattern: 'contract/src', mode: 'folder' },
        { type: 'app', pattern: 'web/src/app', mode: 'folder' },
        { type: 'app', pattern: 'web/src/main.tsx', mode: 'file' },
        { type: 'features', pattern: 'web/src/features/*', mode: 'folder', capture: ['feature'] },
        { type: 'lib', pattern: 'web/src/lib', mode: 'folder' },
        { type: 'locales', pattern: 'web/src/locales', mode: 'folder' },
        { type: 'test', pattern: 'web/src/test', mode: 'folder' },
      ],
    },
    rules: { 'boundaries/element-types': ['error', webBoundaries(WEB_LAYERS)] },
  },
  {
    // Unit tests beside the code they test may also use the shared test helpers (render, api mocks).
    files: ['web/src/**/*.test.{ts,tsx}'],
    rules: { 'boundaries/element-types': ['error', webBoundaries([...WEB_LAYERS, { from: ['app', 'features', 'lib'], allow: ['test'] }])] },
  },
  {
    // No import cycles in the server, the web app or the contract. Type-only imports are erased, so they cannot form one.
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'contract/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': RESOLVER,
      'import/extensions': ['.ts', '.tsx'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: restrict([{ group: ['**/server/**', '**/web/**', '@gradus/server', '@gradus/web'], message: 'e2e is a black box: only contract and its own fixtures.' }]),
  },
  // The resolver is CommonJS because eslint-module-utils loads resolvers with require().
  { files: ['eslint-resolver.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
