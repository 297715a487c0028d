import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Every word a person reads comes from the catalogs (src/i18n), in English and Arabic: text in
    // JSX, and the attributes that are read (aloud) too. Other attributes (variant, color, href...)
    // are code. A name, number or symbol that needs no translation goes through {...} from data.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'aria-label',
              'aria-description',
              'aria-valuetext',
              'aria-roledescription',
              'aria-placeholder',
              'title',
              'alt',
              'placeholder',
              'label',
              'description',
              'error',
              'message',
              'tooltip',
            ],
            exclude: ['.*'],
          },
          // A literal passed to a function is a key or code (t('key'), getInputProps('email')).
          callees: { exclude: ['.*'] },
          // Text of digits, punctuation and symbols alone (' · ', '—', '●') reads the same in every language.
          words: { exclude: [/^[\p{N}\p{P}\p{S}\s]+$/u] },
        },
      ],
    },
  },
  {
    // A browser spec's `test` comes from e2e/fixtures/test.ts: its worker's own server, and a
    // failure on any page or console error the test does not name.
    files: ['e2e/specs/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test from '../../fixtures/test.js'." }] },
      ],
    },
  },
);
