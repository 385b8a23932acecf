import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The wire's spellings the client writes for page code (packages/contract, `internal`). */
const WIRE_SPELLING = '/^(PageIndex|PageSize|HoldID|hold_id|ContainChildren|containChildren|include_children)$/';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/drizzle/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/client/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Feature walls (ARCHITECTURE.md): a feature may use another feature's service only; the patterns match the
  // relative paths as written (`../round/round-checks.repository.js`). features/scope.ts is no feature: the
  // caller's scope every service takes, it reads the organisations (db/) and the caller (http/).
  {
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/features/scope.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?![^/]+\\.service\\.js$)',
              message: 'A feature may use another feature’s *.service.js only (ARCHITECTURE.md, Layout).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/features/**',
      'apps/server/src/app.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/features/[^/]+/(?![^/]+\\.service\\.js$)',
              message: 'Outside the features, only a feature’s *.service.js may be used (ARCHITECTURE.md, Layout).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/',
              message: 'A console feature imports no other feature: share through api/ or components/.',
            },
          ],
        },
      ],
    },
  },
  // One internal shape (issue 30): page code names organisation, children flag and paging `holdId`,
  // `includeChildren`, `page`, `pageSize`; the client writes each call's wire spelling. Answer rows keep theirs.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/guard/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/guard/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          // An object's key or a type's field: `{ hold_id: … }`, `PageIndex: number`.
          ...['Property', 'TSPropertySignature'].map(
            (node) => `${node} > .key:matches(Identifier[name=${WIRE_SPELLING}], Literal[value=${WIRE_SPELLING}])`,
          ),
          // A form field's name: `<Form.Item name="hold_id">`.
          `JSXAttribute[name.name='name'] > Literal[value=${WIRE_SPELLING}]`,
        ].map((selector) => ({
          selector,
          message:
            'A wire spelling: page code writes holdId, includeChildren, page, pageSize (the client sends the wire’s).',
        })),
      ],
    },
  },
  // The guard app calls the server through @guard-tour/client, as the console does; the console itself is not its
  // library.
  {
    files: ['apps/guard/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@guard-tour/web', '@guard-tour/web/*'],
              message: 'The guard app imports nothing of the console: call the server through @guard-tour/client.',
            },
          ],
        },
      ],
    },
  },
);
