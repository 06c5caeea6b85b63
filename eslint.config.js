import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The one module that uses RxDB's private internals. */
const RXDB_INTERNALS = 'client/data/storage/rxdb-internals.ts';

/**
 * One import path per name: no `export *` anywhere and no import of a folder's barrel; a name is
 * imported from the module that declares it.
 */
const ONE_IMPORT_PATH = [
  {
    selector: 'ExportAllDeclaration',
    message: 'No export *: a name is imported from the module that declares it.',
  },
  {
    selector:
      'ImportDeclaration[source.value=/^(@couchdb\\/|(\\.\\.?\\/)+(couchdb\\/)?)(model|rules)(\\/index)?$/]',
    message:
      'No barrel: import the name from the module that declares it (couchdb/model/<module>).',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'data', 'coverage', 'node_modules', 'tests/.artifacts'] },
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
      'no-restricted-syntax': [
        'error',
        {
          // MUI 9 has no system props: Typography ignores a palette path and draws primary text.
          selector:
            "JSXOpeningElement[name.name='Typography'] > JSXAttribute[name.name='color'][value.value=/\\./]",
          message:
            'Typography reads palette keys (color="textSecondary"), not paths ("text.secondary", ignored): use the key or sx.',
        },
        ...ONE_IMPORT_PATH,
      ],
    },
  },
  {
    files: [
      'couchdb/**/*.ts',
      'sync-server/**/*.ts',
      'scripts/**/*.{ts,tsx}',
      'bench/**/*.ts',
      'tests/**/*.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...ONE_IMPORT_PATH] },
  },
  {
    // The shared model and rules re-export nothing, so each of their names has one import path.
    files: ['couchdb/model/**/*.ts', 'couchdb/rules/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ONE_IMPORT_PATH,
        {
          selector: 'ExportNamedDeclaration[source]',
          message: 'No re-export: a name is imported from the module that declares it.',
        },
      ],
    },
  },
  {
    // The shared model and rules stay free of UI, database and server code (architecture §2).
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
  {
    // The client's layers (STYLE.md, after bulletproof-react): couchdb ← client/lib ← client/data ←
    // client/components and client/pwa ← client/features ← client/app ← the entries (main, ssr). A
    // feature never imports another feature (what several share moves down a layer); the gateway
    // imports only the client's SSR entry. Imports inside one element are not checked.
    files: ['client/**/*.{ts,tsx}', 'sync-server/**/*.ts', 'couchdb/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/elements': [
        { type: 'shared', pattern: ['couchdb/model', 'couchdb/rules', 'couchdb/design'] },
        { type: 'seed', pattern: 'couchdb/seed' },
        { type: 'lib', pattern: 'client/lib' },
        { type: 'data', pattern: 'client/data' },
        { type: 'pwa', pattern: 'client/pwa' },
        { type: 'components', pattern: 'client/components' },
        { type: 'feature', pattern: 'client/features/*' },
        { type: 'app', pattern: 'client/app' },
        { type: 'entry', pattern: 'client/ssr' },
        { type: 'gateway', pattern: 'sync-server' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            layer('shared', ['shared']),
            layer('lib', ['shared', 'lib']),
            layer('data', ['shared', 'lib', 'data']),
            layer('pwa', ['shared', 'lib', 'components', 'pwa']),
            layer('components', ['shared', 'lib', 'data', 'pwa', 'components']),
            // Not 'feature': a feature's own files are one element, another feature is refused.
            layer('feature', ['shared', 'lib', 'data', 'pwa', 'components']),
            layer('app', ['shared', 'lib', 'data', 'pwa', 'components', 'feature', 'app']),
            layer('entry', [
              'shared',
              'lib',
              'data',
              'pwa',
              'components',
              'feature',
              'app',
              'entry',
            ]),
            layer('gateway', ['shared', 'gateway', 'seed', 'entry']),
            layer('seed', ['shared', 'seed']),
          ],
        },
      ],
    },
  },
  {
    // No import circles (type-only imports aside): what two modules share moves to a third that
    // both import. Packages are not followed.
    files: [
      'client/**/*.{ts,tsx}',
      'couchdb/**/*.ts',
      'sync-server/**/*.ts',
      'scripts/**/*.{ts,tsx}',
      'bench/**/*.ts',
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // RxDB's private internals are used in one module only, which lists them (and a test holds
    // RxDB to them): client/data/storage/rxdb-internals.ts.
    files: ['client/**/*.{ts,tsx}', 'scripts/**/*.ts', 'bench/**/*.ts'],
    ignores: [RXDB_INTERNALS],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'rxdb',
              importNames: [
                'categorizeBulkWriteRows',
                'CategorizeBulkWriteRowsOutput',
                'countRxQuerySubscribers',
                'createRevision',
                'getAssumedMasterState',
                'getChangedDocumentsSince',
                'getChangedDocumentsSinceQuery',
                'getHeightOfRevision',
                'getLastCheckpointDoc',
                'getMetaWriteRow',
                'INTERNAL_STORAGE_NAME',
                'now',
                'prepareQuery',
                'randomToken',
                'uncacheRxQuery',
                'writeDocToDocState',
              ],
              message: `An RxDB internal: use it through ${RXDB_INTERNALS}, which lists it.`,
            },
            {
              name: 'rxdb/plugins/storage-memory',
              importNames: ['getMemoryCollectionKey', 'removeDocFromState'],
              message: `An RxDB internal: use it through ${RXDB_INTERNALS}, which lists it.`,
            },
            {
              name: 'rxdb/plugins/storage-remote',
              importNames: ['MessageFromRemote', 'MessageToRemote'],
              message: `An RxDB internal: use it through ${RXDB_INTERNALS}, which lists it.`,
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        ...[
          'internalReplicationState',
          'metaInstance',
          'forkInstance',
          'downstreamBulkWriteFlag',
          'subjects',
          'retryTime',
          'ensurePersistence',
          'collectionStates',
          '_queryCache',
          '_data',
        ].map((property) => ({
          property,
          message: `An RxDB internal: use it through ${RXDB_INTERNALS}, which lists it.`,
        })),
      ],
    },
  },
  // The zod-free model modules and the shared rules reach the first screen and the device data
  // layer, so they must not load the schema library, not even through a sibling (types are free).
  zodFree(['couchdb/model/*-facts.ts', 'couchdb/model/{constants,errors,roles,sync}.ts'], './'),
  zodFree(['couchdb/rules/**/*.ts'], '../model/'),
  {
    files: ['scripts/**', 'bench/**', 'tests/**'],
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

/** A layer's policy: files of element type `from` may import elements of the types in `to`. */
function layer(from, to) {
  return {
    from: { element: { type: from } },
    allow: { to: { element: { types: { anyOf: to } } } },
  };
}
