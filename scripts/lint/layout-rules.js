// The layout rules of ../shared/ARCHITECTURE.md ("How an area is laid out"), as ESLint flat config:
// an area never imports another area; a feature never imports another feature or the app shell;
// only deploy, bench and e2e import platform-api; areas, the host and shared-ui never build an API
// URL by hand (the contracts' clients do). The server packages import one way only (platform-core
// <- project-services <- console-api <- platform-api; console-api reaches the project services
// through their package's index alone, and takes only types from it: the services themselves come
// as deps.services.projectServices, their narrow contracts), and no import cycle is allowed anywhere
// (scripts/check-cycles.mjs checks it again with madge, `import()` included). Features hold no
// `*-parts` modules: a lazy part is declared beside its user with the kit's lazyWithPreload. Browser code never
// touches the browser history (the routers do; the kit's HistorySync and the host's outlet are the seam). `layoutRules(root)` reads the packages and features
// under `root`, so the same rules lint the repository and the fixture tree of layout-rules.test.js.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';

/** Folders of the browser side whose `src/` is linted. */
const SOURCE_PACKAGES = (root) =>
  readdirSync(root).filter((name) => /^(mfe-.+|host-shell|shared-ui|shared-contracts|contracts-.+|area-kit|domain-ui)$/.test(name) && existsSync(join(root, name, 'src')));

/** What a feature of the host may take from `src/app/`: the shell's context hooks and test helpers. */
const HOST_APP_CONTEXT = ['./api.tsx', './use-api.ts', './shell-settings.tsx', './page-title.ts', './full-page-message.tsx', './test-harness.tsx', './fake-clock.ts'];

/** The server packages, each allowed to import only those listed before it. */
export const SERVER_LAYERS = ['platform-core', 'project-services', 'console-api', 'platform-api'];
const SERVER_PACKAGES = (root) => SERVER_LAYERS.filter((name) => existsSync(join(root, name, 'src')));

const subfolders = (dir) => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : []);

export const MESSAGES = {
  area: 'An area never imports another area: share it through the contracts (@plinth/shared-contracts, @plinth/contracts-<domain>) or @plinth/shared-ui, or link to the other area\'s page with link().',
  feature: 'A feature never imports another feature: move the shared piece out of features/ (the package\'s shared code, shared-ui or shared-contracts) or compose both in a route.',
  appShell: 'A feature never imports the app shell (App.tsx, routes/, the entry, or the host\'s app/ beyond its context hooks): the shell composes features, not the other way round.',
  platformApi: 'Only deploy, bench and e2e may import platform-api: the console reaches the API over HTTP through the contracts\' clients.',
  apiUrl: 'API URLs are built by the contracts\' clients (@plinth/shared-contracts, @plinth/contracts-<domain>), not by hand (a page of another area: link()).',
  serverLayer: 'The server packages import one way: platform-core <- project-services <- console-api <- platform-api (tests may use the platform-api harness).',
  servicesIndex: 'The console reaches the project services through @plinth/project-services (its index) alone, never their files.',
  servicesTypes: 'The console takes only types from @plinth/project-services (import type): it calls the project services through deps.services.projectServices (AuthAdmin, StorageAdmin, RestAdmin, ProjectRecords).',
  cycle: 'Dependency cycle',
  route: "An area's routes are the pages of its definition (defineArea in area.manifest.ts), which the kit renders: declare a page there instead of a <Route>, <Routes> or useRoutes.",
  history: "Browser code never touches the browser history (window.history, history.pushState/replaceState/back/forward/go, popstate events): navigate with the router (useNavigate, <Link>, useArea().navigate). Only the seam keeps the host's and the area's routers in step: the kit's HistorySync and the host's AreaOutlet.",
  parts: "No *-parts modules in features: code loads one way, a page through its definition's load and a heavy part with the kit's lazyWithPreload (@plinth/area-kit), declared beside the component that draws it (which may export its preload). A module that is not about loading takes a name of its own.",
};

// A file named `*-parts` under a package's `src/features/` is refused whatever it holds: the name
// was the idiom of modules gathering a feature's lazy parts away from their users.
const noPartsModules = {
  meta: { type: 'problem', docs: { description: 'No *-parts modules in features' }, schema: [] },
  create: (context) => ({ Program: (node) => context.report({ node, message: MESSAGES.parts }) }),
};

// The browser history belongs to the routers: feature code navigates through them. Reported once
// per use: `window.history` (or globalThis/self/document's), `history.pushState(...)` and its kin
// on a bare `history`, a 'popstate' event name (listened to or dispatched), `new PopStateEvent`, `onpopstate`.
// A variable of its own named `history` (a query's result) is left alone unless one of those methods is called on it.
const HISTORY_HOLDERS = new Set(['window', 'globalThis', 'self', 'document']);
const HISTORY_METHODS = new Set(['pushState', 'replaceState', 'back', 'forward', 'go']);
const propertyName = (node) => (node.computed ? (node.property.type === 'Literal' ? node.property.value : null) : node.property.name);
const isPopStateEvent = (node) => node?.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'PopStateEvent';
const noBrowserHistory = {
  meta: { type: 'problem', docs: { description: 'Navigate with the router, never the browser history' }, schema: [] },
  create: (context) => ({
    MemberExpression(node) {
      const name = propertyName(node);
      if (name === 'onpopstate') return context.report({ node, message: MESSAGES.history });
      if (node.object.type !== 'Identifier') return;
      if (name === 'history' && HISTORY_HOLDERS.has(node.object.name)) context.report({ node, message: MESSAGES.history });
      else if (node.object.name === 'history' && HISTORY_METHODS.has(name)) context.report({ node, message: MESSAGES.history });
    },
    NewExpression(node) {
      if (isPopStateEvent(node)) context.report({ node, message: MESSAGES.history });
    },
    Literal(node) {
      if (node.value === 'popstate' && !isPopStateEvent(node.parent)) context.report({ node, message: MESSAGES.history });
    },
    TemplateElement(node) {
      if (node.value.cooked === 'popstate' && node.parent.quasis.length === 1) context.report({ node, message: MESSAGES.history });
    },
  }),
};

/** The two files that keep the host's and an area's routers in step over one browser history. */
const HISTORY_SEAM = ['area-kit/src/HistorySync.tsx', 'host-shell/src/federation/AreaOutlet.tsx'];

function boundaryZones(root) {
  const packages = SOURCE_PACKAGES(root);
  const areas = packages.filter((name) => name.startsWith('mfe-'));
  const zones = areas.map((area) => ({
    target: `./${area}`,
    from: areas.filter((other) => other !== area).map((other) => `./${other}`),
    message: MESSAGES.area,
  })).filter((zone) => zone.from.length > 0);
  // The host and the shared packages never reach into an area's code either; an area's manifest is
  // data (the host's tests read the real ones).
  for (const pkg of packages.filter((name) => !name.startsWith('mfe-'))) {
    for (const area of areas) zones.push({ target: `./${pkg}`, from: `./${area}`, except: ['./area.manifest.ts'], message: MESSAGES.area });
  }
  for (const pkg of packages) {
    const featuresDir = `./${pkg}/src/features`;
    for (const feature of subfolders(join(root, featuresDir))) {
      zones.push({ target: `${featuresDir}/${feature}`, from: featuresDir, except: [`./${feature}`], message: MESSAGES.feature });
    }
    if (pkg === 'host-shell') {
      zones.push({ target: featuresDir, from: `./${pkg}/src/app`, except: HOST_APP_CONTEXT, message: MESSAGES.appShell });
    }
    const shell = ['src/App.tsx', 'src/routes', 'src/index.ts', 'src/bootstrap.tsx'].map((p) => `./${pkg}/${p}`);
    zones.push({ target: featuresDir, from: shell.filter((p) => existsSync(join(root, p))), message: MESSAGES.appShell });
    zones.push({ target: `./${pkg}`, from: './platform-api', message: MESSAGES.platformApi });
  }
  return zones.filter((zone) => [zone.from].flat().length > 0);
}

// A string or template literal that is an API path: starts with /api/ or names /platform/. The
// console's own addresses are left alone: a route's `path`, a link's `to` or `href` (the SQL area's
// API docs pages live at /project/{ref}/api/...).
const CONSOLE_ADDRESS = ':not(JSXAttribute > Literal, Property[key.name=/^(path|to|href)$/] > Literal, Property[key.name=/^(path|to|href)$/] > TemplateLiteral > TemplateElement, JSXAttribute > JSXExpressionContainer > Literal)';
const apiUrlSelectors = [
  `Literal[value=/^\\/api\\/|\\/platform\\//]${CONSOLE_ADDRESS}`,
  `TemplateElement[value.raw=/\\/platform\\//]${CONSOLE_ADDRESS}, TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]${CONSOLE_ADDRESS}`,
].map((selector) => ({ selector, message: MESSAGES.apiUrl }));

// An area's route table is its definition: its source builds none of its own (its tests may).
const ROUTE_BUILDERS = 'Route|Routes|useRoutes|createRoutesFromElements|createBrowserRouter|createMemoryRouter|RouterProvider';
const areaRouteSelectors = [
  { selector: `ImportDeclaration[source.value=/^react-router(-dom)?$/] > ImportSpecifier[imported.name=/^(${ROUTE_BUILDERS})$/]`, message: MESSAGES.route },
];

/** What a server package may not import (by package name or by a path into its folder), tests aside. */
function serverLayerRules(root) {
  return SERVER_PACKAGES(root).map((pkg) => {
    const later = SERVER_LAYERS.slice(SERVER_LAYERS.indexOf(pkg) + 1);
    const patterns = later.map((other) => ({ group: [`@plinth/${other}`, `@plinth/${other}/*`, `**/${other}/src/**`], message: MESSAGES.serverLayer }));
    if (pkg !== 'project-services') patterns.push({ group: ['@plinth/project-services/*', '**/project-services/src/**'], message: MESSAGES.servicesIndex });
    const rules = { 'no-restricted-imports': ['error', { patterns }] };
    // The console calls the project services through the facade the server hands it; from their
    // package it takes the facade's contracts, as types (`import type`, or `type` on every name).
    if (pkg === 'console-api') {
      rules['@typescript-eslint/no-restricted-imports'] = ['error', { paths: [{ name: '@plinth/project-services', allowTypeImports: true, message: MESSAGES.servicesTypes }] }];
    }
    return {
      files: [`${pkg}/src/**/*.ts`],
      ignores: ['**/*.test.ts', `${pkg}/src/testing/**`, '**/testing.ts'],
      plugins: { '@typescript-eslint': tseslint.plugin },
      rules,
    };
  });
}

export function layoutRules(root) {
  const sources = ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx'];
  const inPackages = (globs) => SOURCE_PACKAGES(root).flatMap((pkg) => globs.map((g) => `${pkg}/src/${g}`));
  const everySource = [...SOURCE_PACKAGES(root), ...SERVER_PACKAGES(root)].flatMap((pkg) => sources.map((g) => `${pkg}/src/${g}`));
  return [
    { ignores: ['**/node_modules/**', '**/dist/**'] },
    {
      // No import cycle anywhere: modules import one way, so each can be understood, tested and
      // loaded on its own. Type-only imports are not followed (they vanish at run time).
      files: everySource,
      languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
      plugins: { import: importPlugin },
      settings: {
        'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        'import/resolver': { typescript: { project: [...SOURCE_PACKAGES(root), ...SERVER_PACKAGES(root)].map((pkg) => join(root, pkg, 'tsconfig.json')).filter((f) => existsSync(f)), alwaysTryTypes: true, noWarnOnMultipleProjects: true }, node: { extensions: ['.ts', '.tsx', '.js', '.jsx'] } },
      },
      rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
    },
    ...serverLayerRules(root),
    {
      files: inPackages(sources),
      languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
      linterOptions: { reportUnusedDisableDirectives: 'off' },
      plugins: { import: importPlugin },
      settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.jsx'] } } },
      rules: {
        'import/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones(root) }],
        'no-restricted-imports': ['error', {
          patterns: [
            { group: ['@plinth/platform-api', '@plinth/platform-api/*'], message: MESSAGES.platformApi },
            { group: ['@plinth/mfe-*'], message: MESSAGES.area },
          ],
        }],
      },
    },
    {
      // Browser code: the host, the areas and the design system. The contracts own the URLs;
      // tests and their fakes answer URLs and are left to the test kit.
      files: SOURCE_PACKAGES(root).filter((pkg) => pkg !== 'shared-contracts' && !pkg.startsWith('contracts-')).flatMap((pkg) => sources.map((g) => `${pkg}/src/${g}`)),
      ignores: ['**/*.test.*', '**/testing/**', '**/test-harness.tsx', '**/test-setup.ts', '**/fake-clock.ts'],
      rules: { 'no-restricted-syntax': ['error', ...apiUrlSelectors] },
    },
    {
      // One loading mechanism: no `*-parts` modules in any package's features.
      files: [...SOURCE_PACKAGES(root), ...SERVER_PACKAGES(root)].flatMap((pkg) => ['ts', 'tsx', 'js', 'jsx'].map((ext) => `${pkg}/src/features/**/*-parts.${ext}`)),
      languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
      plugins: { plinth: { rules: { 'no-parts-modules': noPartsModules } } },
      rules: { 'plinth/no-parts-modules': 'error' },
    },
    {
      // One router adapter: the browser code (tests and test kits aside) navigates through the
      // routers and never touches the history itself, but for the seam that keeps them in step.
      files: SOURCE_PACKAGES(root).filter((pkg) => pkg !== 'shared-contracts' && !pkg.startsWith('contracts-')).flatMap((pkg) => sources.map((g) => `${pkg}/src/${g}`)),
      ignores: ['**/*.test.*', '**/testing/**', '**/test-harness.tsx', '**/test-setup.ts', ...HISTORY_SEAM],
      languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
      plugins: { 'plinth-history': { rules: { 'no-browser-history': noBrowserHistory } } },
      rules: { 'plinth-history/no-browser-history': 'error' },
    },
    {
      // The areas' own code (tests and testing/ aside): both the URL rule and no route table.
      files: SOURCE_PACKAGES(root).filter((pkg) => pkg.startsWith('mfe-')).flatMap((pkg) => sources.map((g) => `${pkg}/src/${g}`)),
      ignores: ['**/*.test.*', '**/testing/**'],
      rules: { 'no-restricted-syntax': ['error', ...apiUrlSelectors, ...areaRouteSelectors] },
    },
  ];
}
