import tseslint from 'typescript-eslint'
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import importX from 'eslint-plugin-import-x'
import local from './eslint/feature-boundaries.js'

// Imports flow one way: routes → screens → services / machines → schemas.
// `mock-server` may use src/schemas, src/machines and fixtures; src never imports mock-server or fixtures.
const elements = [
  // The build's entries, one folder each (src/entries/README.md): the signed-in app, the public
  // site's page script and islands, the prerender, app.html's painted page, and the route trees
  // the routers are made of. The painted page's inline script is a layer of its own: it carries
  // nothing but src/lib (it is compiled into app.html, before anything else loads).
  { type: 'entry-app', pattern: 'src/entries/app' },
  { type: 'entry-site', pattern: 'src/entries/site' },
  { type: 'entry-prerender', pattern: 'src/entries/prerender' },
  {
    type: 'painted-script',
    pattern: ['src/entries/painted-page/paint.ts', 'src/entries/painted-page/inline.ts'],
    mode: 'file',
  },
  { type: 'entry-painted-page', pattern: 'src/entries/painted-page' },
  { type: 'route-trees', pattern: 'src/entries/route-trees' },
  { type: 'entry-shared', pattern: 'src/entries/router-options.tsx', mode: 'file' },
  // The units every layer counts in (money in cents, the calendar's days); they import nothing.
  { type: 'units', pattern: ['src/schemas/money.ts', 'src/schemas/calendar.ts'], mode: 'file' },
  // The shared kernel: pure rules both the web app and the mock server run (tax rules by year).
  { type: 'kernel', pattern: 'src/kernel' },
  { type: 'routes', pattern: 'src/routes' },
  { type: 'screens', pattern: 'src/screens' },
  { type: 'guards', pattern: 'src/guards' },
  { type: 'services', pattern: 'src/services' },
  { type: 'machines', pattern: 'src/machines' },
  { type: 'schemas', pattern: 'src/schemas' },
  { type: 'ui', pattern: 'src/ui' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'config', pattern: 'src/config' },
  { type: 'mock-server', pattern: 'mock-server' },
  { type: 'fixtures', pattern: 'fixtures' },
  { type: 'tests', pattern: 'tests' },
  { type: 'scripts', pattern: 'scripts' },
]

const allow = (from, to) => ({ from: [from], allow: to })

export default tseslint.config(
  {
    ignores: [
      // An import circle on purpose: tests/unit/lint-habits.test.ts shows the lint refuses it.
      'tests/lint-fixtures/cycle',
      'dist',
      'node_modules',
      'src/entries/route-trees/routeTree.gen.ts',
      'coverage',
      'playwright-report',
      'test-results',
      '.data',
      'bench-results',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { boundaries, 'react-hooks': reactHooks, local, 'import-x': importX },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': [
        'src/**/*',
        'mock-server/**/*',
        'fixtures/**/*',
        'tests/**/*',
        'scripts/**/*',
      ],
      'import/resolver': { typescript: { alwaysTryTypes: true }, node: true },
      // import-x reads the imported TypeScript files too (its typescript preset's settings), so
      // import-x/no-cycle follows every import.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': { typescript: { alwaysTryTypes: true }, node: true },
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'local/feature-boundaries': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} must not import ${dependency.type} (see eslint.config.js)',
          rules: [
            allow('entry-app', [
              'entry-app',
              'entry-shared',
              'route-trees',
              'routes',
              'screens',
              'guards',
              'services',
              'ui',
              'lib',
              'config',
              'machines',
              'schemas',
              'units',
            ]),
            allow('entry-site', [
              'entry-site',
              'entry-shared',
              'route-trees',
              'routes',
              'screens',
              'services',
              'ui',
              'lib',
              'config',
              'schemas',
              'units',
            ]),
            allow('entry-prerender', [
              'entry-prerender',
              'entry-painted-page',
              'routes',
              'screens',
              'services',
              'ui',
              'lib',
              'config',
              'schemas',
              'units',
            ]),
            allow('entry-painted-page', [
              'entry-painted-page',
              'painted-script',
              'screens',
              'services',
              'ui',
              'lib',
              'config',
              'units',
            ]),
            allow('painted-script', ['painted-script', 'lib']),
            allow('route-trees', ['route-trees', 'routes', 'entry-app']),
            allow('entry-shared', ['services', 'screens', 'ui', 'lib', 'config', 'units']),
            allow('routes', [
              'routes',
              'kernel',
              'screens',
              'guards',
              'services',
              'ui',
              'schemas',
              'lib',
              'config',
              'units',
            ]),
            allow('screens', [
              'screens',
              'kernel',
              'services',
              'machines',
              'schemas',
              'ui',
              'lib',
              'config',
              'units',
            ]),
            allow('guards', [
              'guards',
              'services',
              'machines',
              'schemas',
              'lib',
              'config',
              'units',
            ]),
            allow('services', [
              'services',
              'kernel',
              'machines',
              'schemas',
              'lib',
              'config',
              'units',
            ]),
            allow('kernel', ['kernel', 'schemas', 'units']),
            allow('machines', ['machines', 'schemas', 'units']),
            allow('schemas', ['schemas', 'units']),
            allow('units', []),
            allow('ui', ['ui', 'lib', 'units']),
            allow('lib', ['lib', 'units']),
            allow('config', ['config', 'units']),
            allow('mock-server', [
              'mock-server',
              'kernel',
              'schemas',
              'machines',
              'fixtures',
              'units',
            ]),
            allow('fixtures', ['fixtures', 'schemas', 'units']),
            allow('tests', [
              'tests',
              'kernel',
              'scripts',
              'entry-app',
              'entry-site',
              'entry-prerender',
              'entry-painted-page',
              'painted-script',
              'route-trees',
              'entry-shared',
              'routes',
              'screens',
              'guards',
              'services',
              'machines',
              'schemas',
              'ui',
              'lib',
              'config',
              'mock-server',
              'fixtures',
              'units',
            ]),
            allow('scripts', [
              'scripts',
              'kernel',
              'mock-server',
              'fixtures',
              'schemas',
              'units',
              'entry-prerender',
              'entry-prerender',
            ]),
          ],
        },
      ],
    },
  },
  {
    // Seeders only seed: the start and reset code (mock-server/app.ts) calls them, routes and the
    // domain never do (issue 20).
    files: ['mock-server/**/*.{ts,mjs}'],
    ignores: ['mock-server/seed/**', 'mock-server/app.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/seed', '**/seed/*'],
              message:
                'Only mock-server/seed and the start and reset code (mock-server/app.ts) use the seeders.',
            },
          ],
        },
      ],
    },
  },
)
