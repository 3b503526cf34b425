import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The client and the server meet only through src/domain; these rules make a stray import fail the lint.
const noServerImports = {
  patterns: [
    {
      group: ['**/server/**', '../server/*', '**/src/server/*'],
      message: 'The client never imports the server: share code through src/domain.',
    },
  ],
};
const noClientImports = {
  patterns: [
    {
      group: ['**/client/**', '../client/*', '**/src/client/*'],
      message: 'The server never imports the client: share code through src/domain.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', '.build-*/**', 'node_modules/**', 'data/**', 'coverage/**', '.ci/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', noServerImports],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noClientImports] },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...noServerImports.patterns, ...noClientImports.patterns] }],
    },
  },
);
