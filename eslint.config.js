import tseslint from 'typescript-eslint'
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import importX from 'eslint-plugin-import-x'
import local from './eslint/feature-boundaries.js'

const allow = (from, to) => ({ from: [from], allow: to })

// The mock server in rooms (CONTRIBUTING.md "Layout and import boundaries"): the edge (route
// tables, the endpoint runner, the HTTP helpers) calls the domain's contexts
// (mock-server/domain/<context>), which call the store; nothing points back. The outside
// services' stand-ins (mock-server/stand-ins/<service>) live apart with their own routes and
// data: the product reaches one only through its contract (`contract.ts`, the shapes the real
// service speaks), and a stand-in knows nothing of the product. What both sides of a national
// format speak (mock-server/formats/<format>) lies beneath both. Patterns are whole paths.
const serverElements = [
  // The composition root: starts the server, mounts every table (the product's and the stand-ins').
  {
    type: 'server-root',
    pattern: [
      'mock-server/app.ts',
      'mock-server/index.ts',
      'mock-server/control.ts',
      'mock-server/routes/index.ts',
    ],
    mode: 'full',
  },
  // The HTTP helpers (HttpError and its makers, parse, paginate): the edge's words.
  { type: 'server-http', pattern: 'mock-server/http.ts', mode: 'full' },
  // The endpoint runner and its table format, which the stand-ins' own routes use too.
  { type: 'server-api', pattern: 'mock-server/api.ts', mode: 'full' },
  // The identity service's client (firebase-admin against the Auth emulator).
  { type: 'server-identity', pattern: 'mock-server/auth.ts', mode: 'full' },
  {
    type: 'server-edge',
    pattern: [
      'mock-server/routes/**',
      'mock-server/access.ts',
      'mock-server/openapi.ts',
      'mock-server/query-rules.ts',
      'mock-server/ofx/**',
      'mock-server/verified-email.ts',
      'mock-server/docs/**',
    ],
    mode: 'full',
  },
  // The domain's errors: every server layer may throw them; the edge answers them.
  { type: 'domain-errors', pattern: 'mock-server/domain/errors.ts', mode: 'full' },
  // The national formats both sides speak (mock-server/formats/nfse: the DPS, NFS-e and event
  // XML, their XSDs, XMLDSig, access keys, ICP-Brasil certificates): the product issues with them
  // and the Sefin Nacional stand-in answers with them, so they belong to neither. A pure
  // description of the format: it knows nothing of the product's records or rules.
  { type: 'server-format', pattern: 'mock-server/formats/**', mode: 'full' },
  { type: 'server-domain', pattern: 'mock-server/domain/**', mode: 'full' },
  { type: 'server-store', pattern: ['mock-server/store/**', 'mock-server/model.ts'], mode: 'full' },
  { type: 'stand-in-contract', pattern: 'mock-server/stand-ins/*/contract.ts', mode: 'full' },
  { type: 'stand-in', pattern: 'mock-server/stand-ins/**', mode: 'full' },
  { type: 'server-seed', pattern: 'mock-server/seed/**', mode: 'full' },
  // Reference data (CNAE, municipalities, the national service list) and the fixtures' loader.
  {
    type: 'server-reference',
    pattern: ['mock-server/reference/**', 'mock-server/fixtures.ts'],
    mode: 'full',
  },
  // Configuration and the machine's own matters: addresses, file modes, the signing secret, the
  // sealing of keys at rest (vault.ts).
  {
    type: 'server-shared',
    pattern: [
      'mock-server/config.ts',
      'mock-server/network.ts',
      'mock-server/origins.ts',
      'mock-server/plain-worker.ts',
      'mock-server/private-files.ts',
      'mock-server/signing-secret.ts',
      'mock-server/vault.ts',
    ],
    mode: 'full',
  },
]
const serverTypes = serverElements.map((element) => element.type)

/** What the client's shared layers give the server: schemas, machines, the kernel, fixtures. */
const fromSrc = ['schemas', 'machines', 'tax', 'units', 'fixtures']

/** The server's layers. */
const serverRules = () =>
  Object.entries({
    'server-root': [...serverTypes, ...fromSrc],
    'server-http': ['domain-errors', 'schemas', 'units'],
    'domain-errors': [],
    'server-api': [
      'server-api',
      'domain-errors',
      'server-edge',
      'server-http',
      'server-identity',
      'server-store',
      'server-shared',
      ...fromSrc,
    ],
    'server-identity': ['domain-errors', 'server-http', 'server-shared', ...fromSrc],
    'server-edge': [
      'server-edge',
      'domain-errors',
      'server-api',
      'server-http',
      'server-identity',
      'server-root',
      'server-domain',
      'server-format',
      'server-store',
      'stand-in-contract',
      'server-reference',
      'server-shared',
      ...fromSrc,
    ],
    'server-domain': [
      'server-domain',
      'domain-errors',
      'server-format',
      'server-store',
      'stand-in-contract',
      'server-identity',
      'server-reference',
      'server-shared',
      ...fromSrc,
    ],
    'server-store': ['domain-errors', 'server-store', 'server-shared', ...fromSrc],
    'stand-in-contract': ['stand-in-contract', ...fromSrc],
    'stand-in': [
      'stand-in',
      'domain-errors',
      'stand-in-contract',
      'server-format',
      'server-api',
      'server-http',
      'server-store',
      'server-reference',
      'server-shared',
      ...fromSrc,
    ],
    'server-seed': [...serverTypes, ...fromSrc],
    // The formats: the kernel's units, the client's schemas, reference data and the machine's own
    // matters; never the product (domain, store, edge) nor a stand-in.
    'server-format': ['server-format', 'server-reference', 'server-shared', 'schemas', 'units'],
    'server-reference': ['server-reference', ...fromSrc],
    'server-shared': ['server-shared', ...fromSrc],
  })
    .map(([from, to]) => allow(from, to))
    .concat([
      // The runner hands each handler the services it may use (the NFS-e worker, the OFX reader).
      { from: ['server-api'], allow: ['server-domain'], importKind: 'type' },
    ])

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
  // The shared kernel (src/kernel), client's and server's: the units every layer counts in (money
  // in cents, the calendar's days), which import nothing, and the tax rules (the Simples and
  // PGDAS-D engine, the tax facts), which count in those units.
  { type: 'units', pattern: 'src/kernel/*.ts', mode: 'full' },
  { type: 'tax', pattern: 'src/kernel/tax' },
  { type: 'routes', pattern: 'src/routes' },
  { type: 'screens', pattern: 'src/screens' },
  { type: 'guards', pattern: 'src/guards' },
  { type: 'services', pattern: 'src/services' },
  { type: 'machines', pattern: 'src/machines' },
  { type: 'schemas', pattern: 'src/schemas' },
  { type: 'ui', pattern: 'src/ui' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'config', pattern: 'src/config' },
  ...serverElements,
  { type: 'fixtures', pattern: 'fixtures' },
  { type: 'tests', pattern: 'tests' },
  { type: 'scripts', pattern: 'scripts' },
]

/** Which layer may import which (eslint-plugin-boundaries). */
const layerRules = () => [
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
    'tax',
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
    'tax',
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
    'tax',
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
    'screens',
    'guards',
    'services',
    'ui',
    'schemas',
    'tax',
    'lib',
    'config',
    'units',
  ]),
  allow('screens', [
    'screens',
    'services',
    'machines',
    'schemas',
    'tax',
    'ui',
    'lib',
    'config',
    'units',
  ]),
  allow('guards', ['guards', 'services', 'machines', 'schemas', 'tax', 'lib', 'config', 'units']),
  allow('services', ['services', 'machines', 'schemas', 'tax', 'lib', 'config', 'units']),
  allow('machines', ['machines', 'schemas', 'tax', 'units']),
  allow('schemas', ['schemas', 'tax', 'units']),
  allow('units', []),
  allow('tax', ['tax', 'units']),
  // The tax rules speak of the schemas' types (an activity's tax data, a month's record).
  { from: ['tax'], allow: ['schemas'], importKind: 'type' },
  allow('ui', ['ui', 'lib', 'units']),
  allow('lib', ['lib', 'units']),
  allow('config', ['config', 'units']),
  ...serverRules(),
  allow('fixtures', ['fixtures', 'schemas', 'tax', 'units']),
  allow('tests', [
    'tests',
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
    'tax',
    'ui',
    'lib',
    'config',
    ...serverTypes,
    'fixtures',
    'units',
  ]),
  allow('scripts', [
    'scripts',
    ...serverTypes,
    'fixtures',
    'schemas',
    'tax',
    'units',
    'entry-prerender',
    'entry-prerender',
  ]),
]

const elementTypes = (rules) => [
  'error',
  {
    default: 'disallow',
    message: '${file.type} must not import ${dependency.type} (see eslint.config.js)',
    rules,
  },
]

const onlySeedsSeed = {
  group: ['**/seed', '**/seed/*'],
  message:
    'Only mock-server/seed and the start and reset code (mock-server/app.ts) use the seeders.',
}

const KERNEL_MONEY = 'src/kernel/money.ts'
const KERNEL_DATES = 'src/kernel/dates.ts'
/** What money and dates may not be written as outside the kernel (src/kernel). */
const moneyAndDates = [
  {
    selector:
      "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat'] Property[key.name='currency']",
    message: `Money is written by formatMoney / formatCents (${KERNEL_MONEY}), not by an Intl currency formatter.`,
  },
  {
    selector:
      "CallExpression[callee.property.name='toLocaleString'] Property[key.name='style'][value.value='currency']",
    message: `Money is written by formatMoney / formatCents (${KERNEL_MONEY}).`,
  },
  {
    selector: 'Literal[value=/T12:00:00-03:00/], TemplateElement[value.raw=/T12:00:00-03:00/]',
    message: `A calendar day's instant is noonInBrazil(day); a day moved is addDays (${KERNEL_DATES}).`,
  },
  {
    selector:
      "CallExpression[callee.property.name='join'][arguments.0.value='/'][callee.object.callee.property.name='reverse']",
    message: `dd/mm/yyyy is formatDate (${KERNEL_DATES}).`,
  },
]
/** A CNPJ printed without its letters: `formatCnpj` reads only digits unless told version 2. */
const cnpjFormat = [
  {
    selector: "CallExpression[callee.name='formatCnpj'][arguments.length=1]",
    message:
      'formatCnpj(value, { version: 2 }): the CNPJ may be alphanumeric (IN RFB 2.229/2024); without it the letters are dropped.',
  },
]
/** Cents by hand: `Math.round(x * 100)` and its kin. */
const hundredths = [
  {
    selector:
      "CallExpression[callee.object.name='Math'][callee.property.name=/^(round|floor|trunc|ceil)$/] > BinaryExpression[operator='*'][right.value=100]",
    message: `Cents are toCents (${KERNEL_MONEY}: half a cent rounded on the decimal as written); a value to the cent is roundMoney, a rate to two places roundHundredths.`,
  },
  {
    selector:
      "CallExpression[callee.object.name='Math'][callee.property.name=/^(round|floor|trunc|ceil)$/] > BinaryExpression[operator='*'][left.value=100]",
    message: `Cents are toCents (${KERNEL_MONEY}).`,
  },
]

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
      'boundaries/element-types': elementTypes(layerRules()),
    },
  },
  {
    // Seeders only seed: the start and reset code (mock-server/app.ts) calls them, routes and the
    // domain never do.
    files: ['mock-server/**/*.{ts,mjs}'],
    ignores: ['mock-server/seed/**', 'mock-server/app.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlySeedsSeed] }] },
  },
  {
    // The contexts speak no HTTP: Express, multer and the HTTP helpers belong to the edge. Nor do
    // the formats beneath them.
    files: [
      'mock-server/domain/**/*.{ts,mjs}',
      'mock-server/store/**/*.{ts,mjs}',
      'mock-server/formats/**/*.{ts,mjs}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            onlySeedsSeed,
            {
              group: ['express', 'multer', 'json-server', 'cors'],
              message:
                'The domain, the store and the formats speak no HTTP: the edge (mock-server/routes, mock-server/api.ts) parses the request and answers.',
            },
          ],
        },
      ],
    },
  },
  {
    // Money and dates have one module each (src/kernel/money.ts, src/kernel/dates.ts): no other
    // "R$" formatter, no cents but toCents, no hand-written dd/mm/yyyy, no noon-in-Brazil literal.
    files: ['src/**/*.{ts,tsx}', 'mock-server/**/*.{ts,mjs}', 'scripts/**/*.{ts,mjs}'],
    ignores: ['src/kernel/**'],
    rules: { 'no-restricted-syntax': ['error', ...moneyAndDates, ...hundredths, ...cnpjFormat] },
  },
  {
    // Where `Math.round(x * 100)` is not money: a rate or a share shown in whole percent
    // (screens, the RAT, the Selic's hundredths), an outside service's stand-in doing its own
    // arithmetic, and the NFS-e XML's two decimals (mock-server/formats/nfse/xml.ts).
    files: [
      'src/screens/payroll/NoProLaboreChoice.tsx',
      'src/screens/partners/DucaPartnerScreen.tsx',
      'src/screens/onboarding/DucaApplicationScreen.tsx',
      'src/screens/onboarding/steps/ActivityPicker.tsx',
      'src/screens/onboarding/steps/PartnerList.tsx',
      'src/screens/onboarding/steps/partner-values.ts',
      'src/screens/back-office/CompanyReconciliationPanel.tsx',
      'src/screens/bank-statements/ReconciliationScreen.tsx',
      'src/ui/FileDrop.tsx',
      // Progress and Lighthouse scores in whole percent.
      'scripts/vite/prerender.ts',
      'scripts/bench-web.ts',
      'mock-server/domain/simples/selic.ts',
      'mock-server/domain/simples/payroll.ts',
      'mock-server/formats/nfse/xml.ts',
      'mock-server/stand-ins/**/*.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...moneyAndDates, ...cnpjFormat] },
  },
)
