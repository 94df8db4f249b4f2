// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Import boundaries of STYLE.md: contract imports nothing of ours; web flows lib -> features -> app. */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', 'data/**', 'e2e/artifacts/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
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
    files: ['web/src/lib/**/*.{ts,tsx}'],
    rules: restrict([{ group: ['**/features/**', '**/app/**', '@/features/*', '@/app/*'], message: 'lib/ is the bottom layer: it imports neither features nor app.' }]),
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: restrict([{ group: ['**/app/**', '@/app/*', '../../*/**', '!../../../lib/**'], message: 'features/ import lib/ and contract, never app/ or another feature.' }]),
  },
  {
    files: ['e2e/**/*.ts'],
    rules: restrict([{ group: ['**/server/**', '**/web/**', '@gradus/server', '@gradus/web'], message: 'e2e is a black box: only contract and its own fixtures.' }]),
  },
);
