// Lint: typescript-eslint's type-aware rules on the code we write (generated code excluded).
// Formatting is Prettier's job (`npm run format`); this file is about correctness.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const SQL_KIT = 'Build statements with the SQL kit (api/src/platform/sql.ts): sql`...` and the tagged $queryRaw / $executeRaw.';
const UNSAFE_SQL = ['$queryRawUnsafe', '$executeRawUnsafe'].map((property) => ({ property, message: SQL_KIT }));

export default tseslint.config(
  { ignores: ['**/generated/**', 'web/src/__generated__/**', 'web/dist/**', 'node_modules/**', '.tmp/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // A promise nobody awaits loses its errors: await it, or mark it `void` on purpose.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['web/src/**/*.tsx', 'web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Statements written by hand go through the SQL kit (api/src/platform/sql.ts): tagged
    // `$queryRaw` / `$executeRaw`, values bound, and only the kit splices text (`Prisma.raw`).
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/platform/sql.ts'],
    rules: { 'no-restricted-properties': ['error', ...UNSAFE_SQL, { object: 'Prisma', property: 'raw', message: SQL_KIT }] },
  },
  {
    files: ['api/src/platform/sql.ts'],
    rules: { 'no-restricted-properties': ['error', ...UNSAFE_SQL] },
  },
  {
    // Tests read JSON answers of many shapes; typing each one would add noise, not safety.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
