import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'data', 'coverage', 'node_modules', 'tests/.artifacts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    // The shared model and rules stay free of UI, database and server code (DESIGN §2).
    files: ['couchdb/model/**/*.ts', 'couchdb/rules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@mui/*', 'rxdb', 'rxdb/*', 'express', 'nano', 'node:*'],
              message: 'couchdb/model and couchdb/rules import only zod and each other.',
            },
          ],
        },
      ],
    },
  },
  // The zod-free model modules and the shared rules reach the first screen and the device data
  // layer, so they must not load the schema library, not even through a sibling (types are free).
  zodFree(['couchdb/model/*-facts.ts', 'couchdb/model/{constants,errors,roles,sync}.ts'], './'),
  zodFree(['couchdb/rules/**/*.ts'], '../model/'),
  {
    files: ['scripts/**', 'bench/**', 'couchdb/seed/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);

/** Forbids zod and the model's zod modules (value imports) in `files`; `model` is their path. */
function zodFree(files, model) {
  const zodFreeModels = ['*-facts', 'constants', 'errors', 'roles', 'sync'];
  return {
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*', `${model}*`, ...zodFreeModels.map((m) => `!${model}${m}`)],
              allowTypeImports: true,
              message: 'Zod-free module: take the fact from its zod-free sibling (x-facts.ts).',
            },
          ],
        },
      ],
    },
  };
}
