// `npm run lint` (part of `npm test`): every promise is awaited, handled or
// explicitly discarded with `void`, in the apps, packages and tests.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // vitest.config.ts is in no tsconfig: it only lists the test projects.
  { ignores: ['**/dist/**', '**/node_modules/**', 'docs/**', 'data/**', '**/*.js', '**/*.mjs', '**/*.cjs', 'vitest.config.ts'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        project: [
          './apps/server/tsconfig.test.json',
          './apps/web/tsconfig.json',
          './packages/contracts/tsconfig.test.json',
          './packages/player-core/tsconfig.test.json',
          './e2e/tsconfig.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
);
