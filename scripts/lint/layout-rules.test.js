// Lints a small console-shaped tree with the repository's layout rules: each rule reports on the
// file that breaks it, with its message, and the clean files pass.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutRules, MESSAGES } from './layout-rules.js';

const PACKAGES = ['mfe-alpha', 'mfe-beta', 'host-shell', 'platform-api', 'shared-contracts', 'contracts-alpha', 'shared-ui', 'area-kit', 'domain-ui', 'platform-core', 'project-services', 'console-api'];

const TREE = {
  'package.json': '{ "name": "fixture", "private": true }\n',
  ...Object.fromEntries(PACKAGES.map((pkg) => [`${pkg}/package.json`, `{ "name": "@plinth/${pkg}", "type": "module" }\n`])),
  'mfe-alpha/src/App.tsx': 'export default function App() { return null; }\n',
  'mfe-alpha/src/routes/home.tsx': 'export const Home = () => null;\n',
  'mfe-alpha/src/area/area-context.ts': 'export const useArea = () => ({});\n',
  'mfe-alpha/src/features/one/a.ts': 'export const a = 1;\n',
  'mfe-alpha/src/features/two/b.ts': 'export const b = 2;\n',
  'mfe-beta/src/index.ts': 'export const area = "beta";\n',
  'host-shell/src/app/routes.tsx': 'export const routes = [];\n',
  'host-shell/src/app/use-api.ts': 'export const useApi = () => ({});\n',
  'host-shell/src/features/menu/menu.ts': 'export const menu = 1;\n',
  'platform-api/src/server.ts': 'export const server = 1;\n',
  'shared-contracts/src/client.ts': 'export const projectsPath = (ref: string) => `/api/platform/projects/${ref}`;\n',
  'contracts-alpha/src/alpha.ts': "import { projectsPath } from '@plinth/shared-contracts';\nexport const alphaPath = (ref: string) => `/api/platform/alpha/${ref}`;\nexport { projectsPath };\n",
  'shared-ui/src/button.ts': 'export const button = 1;\n',

  // Clean: own feature, the area's shared parts, packages, console addresses.
  'mfe-alpha/src/features/one/clean.tsx': [
    "import { a } from './a';",
    "import { useArea } from '../../area/area-context';",
    "import { button } from '@plinth/shared-ui';",
    "import { Link } from 'react-router-dom';",
    'export const docs = <Link to="/api/graphiql">GraphiQL</Link>;',
    "export const links = [{ label: 'GraphiQL', to: '/api/graphiql' }, { to: `/api/tables?name=${a}` }];",
    'export const policies = (ref: string) => `/project/${ref}/auth/policies`;',
    'export { useArea, button };',
  ].join('\n'),
  'host-shell/src/features/menu/clean.ts': "import { useApi } from '../../app/use-api';\nexport { useApi };\n",
  'mfe-alpha/src/features/one/page.test.tsx': "import { Route, Routes } from 'react-router-dom';\nexport const table = <Routes><Route path=\"x\" element={null} /></Routes>;\n",
  'mfe-alpha/src/routes/own-table.tsx': "import { useRoutes } from 'react-router-dom';\nexport const Pages = () => useRoutes([{ path: 'jobs', element: null }]);\n",
  'mfe-alpha/src/routes/uses-features.tsx': "import { a } from '../features/one/a';\nimport { b } from '../features/two/b';\nexport { a, b };\n",

  // Each breaks one rule.
  'mfe-alpha/src/features/one/other-area.ts': "import { area } from '../../../../mfe-beta/src/index';\nexport { area };\n",
  'mfe-alpha/src/features/one/other-area-package.ts': "import { area } from '@plinth/mfe-beta';\nexport { area };\n",
  'mfe-alpha/src/features/one/other-feature.ts': "import { b } from '../two/b';\nexport { b };\n",
  'mfe-alpha/src/features/one/other-feature-lazily.ts': "export const load = () => import('../two/b');\n",
  'mfe-alpha/src/features/one/app.ts': "import App from '../../App';\nexport { App };\n",
  'mfe-alpha/src/features/one/route.ts': "import { Home } from '../../routes/home';\nexport { Home };\n",
  'host-shell/src/features/menu/shell.ts': "import { routes } from '../../app/routes';\nexport { routes };\n",
  'shared-ui/src/server.ts': "import { server } from '../../platform-api/src/server';\nexport { server };\n",
  'host-shell/src/app/server-package.ts': "import { server } from '@plinth/platform-api';\nexport { server };\n",
  'mfe-alpha/src/features/one/fetch-string.ts': "export const load = () => fetch('/api/platform/projects');\n",
  'mfe-alpha/src/features/one/fetch-template.ts': 'export const load = (ref: string) => fetch(`/api/platform/projects/${ref}/status`);\n',
  'host-shell/src/features/menu/platform-path.ts': 'export const path = (ref: string) => `${base}/platform/pg-meta/${ref}/tables`;\nconst base = "";\n',
  'shared-ui/src/auth-url.ts': "export const signOut = () => fetch('/api/auth/sign-out', { method: 'POST' });\n",
  'area-kit/src/other-area.ts': "import { area } from '@plinth/mfe-beta';\nexport { area };\n",
  'area-kit/src/status-url.ts': 'export const status = (ref: string) => fetch(`/api/platform/projects/${ref}/status`);\n',
  'domain-ui/src/area-files.ts': "import { area } from '../../mfe-beta/src/index';\nexport { area };\n",

  // Import cycles: two modules of an area, three of the design system; a cycle closed by a type-only
  // import is none (types vanish at run time).
  'mfe-alpha/src/features/one/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;\n",
  'mfe-alpha/src/features/one/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;\n",
  'shared-ui/src/ring-1.ts': "import { two } from './ring-2';\nexport const one = () => two;\n",
  'shared-ui/src/ring-2.ts': "import { three } from './ring-3';\nexport const two = () => three;\n",
  'shared-ui/src/ring-3.ts': "import { one } from './ring-1';\nexport const three = () => one;\n",
  'shared-ui/src/typed-1.ts': "import { typed2 } from './typed-2';\nexport const typed1 = () => typed2;\n",
  'shared-ui/src/typed-2.ts': "import type { typed1 } from './typed-1';\nexport const typed2 = (f?: typeof typed1) => f;\n",

  // One loading mechanism: a feature's lazy parts are declared beside their users, never gathered
  // in a `*-parts` module (a name that merely contains "parts" is fine).
  'mfe-alpha/src/features/one/lazy-parts.ts': "export const loadMenus = () => import('./a');\n",
  'host-shell/src/features/menu/form-parts.tsx': 'export const Field = () => null;\n',
  'mfe-alpha/src/features/one/parts-list.ts': 'export const partsList = [];\n',
  'mfe-alpha/src/area/panel-parts.ts': "export const loadPanel = () => import('./area-context');\n",

  // The browser history belongs to the routers: only the seam (the kit's HistorySync, the host's
  // outlet) touches it; tests may; a query result named `history` is not the browser's.
  'mfe-alpha/src/features/one/push-state.ts': "export const go = (to: string) => window.history.pushState(null, '', to);\n",
  'mfe-alpha/src/features/one/replace-state.ts': "export const replace = (to: string) => history.replaceState(null, '', to);\n",
  'mfe-alpha/src/features/one/listens-popstate.ts': "export const listen = (f: () => void) => window.addEventListener('popstate', f);\n",
  'mfe-alpha/src/features/one/dispatches-popstate.ts': "export const nudge = () => window.dispatchEvent(new PopStateEvent('popstate'));\n",
  'mfe-alpha/src/routes/event-popstate.tsx': 'export const nudge = () => window.dispatchEvent(new Event(`popstate`));\n',
  'mfe-alpha/src/features/one/query-history.ts': 'const history = { data: [1], refetch: () => 1 };\nexport const rows = history.data;\nexport const again = () => history.refetch();\n',
  'mfe-alpha/src/features/one/navigates.test.tsx': "export const go = () => window.history.pushState(null, '', '/x');\n",
  'area-kit/src/HistorySync.tsx': "export const sync = () => window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));\n",
  'host-shell/src/federation/AreaOutlet.tsx': "export const sync = () => window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));\n",
  'area-kit/src/goes-back.ts': 'export const back = () => window.history.back();\n',

  // The server packages: one way down, the project services through their index.
  'platform-core/src/deps.ts': 'export const deps = 1;\n',
  'platform-core/src/uses-services.ts': "import { engine } from '@plinth/project-services';\nexport { engine };\n",
  'platform-core/src/uses-console-by-path.ts': "import { routes } from '../../console-api/src/index';\nexport { routes };\n",
  'project-services/src/index.ts': "import { deps } from '@plinth/platform-core/deps';\nexport const engine = deps;\nexport type Engine = typeof deps;\nexport interface StorageAdmin { bucket(id: string): Promise<string> }\n",
  'project-services/src/storage/inner.ts': 'export const inner = 1;\n',
  'project-services/src/uses-console.ts': "import { routes } from '@plinth/console-api';\nexport { routes };\n",
  'console-api/src/index.ts': "import type { Engine } from '@plinth/project-services';\nimport { deps } from '@plinth/platform-core/deps';\nexport const routes: Engine[] = [deps];\n",
  'console-api/src/typed-names.ts': "import { type Engine, type StorageAdmin } from '@plinth/project-services';\nexport const bucket = (s: StorageAdmin, e: Engine) => [s.bucket('b'), e];\n",
  'console-api/src/services-value.ts': "import { engine } from '@plinth/project-services';\nexport { engine };\n",
  'console-api/src/services-value-mixed.ts': "import { type Engine, engine } from '@plinth/project-services';\nexport const e: Engine = engine;\n",
  'console-api/src/services-reexport.ts': "export { engine } from '@plinth/project-services';\n",
  'console-api/src/deep.ts': "import { inner } from '@plinth/project-services/storage/inner';\nexport { inner };\n",
  'console-api/src/deep-by-path.ts': "import { inner } from '../../project-services/src/storage/inner';\nexport { inner };\n",
  'console-api/src/server.ts': "import { server } from '@plinth/platform-api';\nexport { server };\n",
  'console-api/src/routes.test.ts': "import { server } from '@plinth/platform-api';\nexport { server };\n",
};

let root;
let results;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'plinth-layout-rules-'));
  for (const [path, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: layoutRules(root) });
  const linted = await eslint.lintFiles(['host-shell/src', 'shared-ui/src', 'shared-contracts/src', 'contracts-alpha/src', 'area-kit/src', 'domain-ui/src', 'mfe-alpha/src', 'mfe-beta/src', 'platform-core/src', 'project-services/src', 'console-api/src']);
  results = Object.fromEntries(linted.map((r) => [r.filePath.slice(root.length + 1), r.messages]));
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

const reported = (path) => {
  expect(results, `${path} was linted`).toHaveProperty([path]);
  return results[path].map((m) => m.message);
};

describe('layout rules', () => {
  it.each([
    'mfe-alpha/src/features/one/clean.tsx',
    'mfe-alpha/src/routes/uses-features.tsx',
    'mfe-alpha/src/features/one/page.test.tsx',
    'host-shell/src/features/menu/clean.ts',
    'shared-contracts/src/client.ts',
    'contracts-alpha/src/alpha.ts',
    'project-services/src/index.ts',
    'console-api/src/index.ts',
    'console-api/src/typed-names.ts',
    'console-api/src/routes.test.ts',
    'shared-ui/src/typed-1.ts',
    'mfe-alpha/src/features/one/parts-list.ts',
    'mfe-alpha/src/area/panel-parts.ts',
    'mfe-alpha/src/features/one/query-history.ts',
    'mfe-alpha/src/features/one/navigates.test.tsx',
    'area-kit/src/HistorySync.tsx',
    'host-shell/src/federation/AreaOutlet.tsx',
  ])('pass a file that keeps them: %s', (path) => {
    expect(reported(path)).toEqual([]);
  });

  it.each([
    ['an area importing another area', 'mfe-alpha/src/features/one/other-area.ts', MESSAGES.area],
    ['an area importing another area by package name', 'mfe-alpha/src/features/one/other-area-package.ts', MESSAGES.area],
    ['a feature importing another feature', 'mfe-alpha/src/features/one/other-feature.ts', MESSAGES.feature],
    ['a feature loading another feature lazily', 'mfe-alpha/src/features/one/other-feature-lazily.ts', MESSAGES.feature],
    ["a feature importing the area's App", 'mfe-alpha/src/features/one/app.ts', MESSAGES.appShell],
    ["a feature importing the area's routes", 'mfe-alpha/src/features/one/route.ts', MESSAGES.appShell],
    ["a host feature importing the shell's route tree", 'host-shell/src/features/menu/shell.ts', MESSAGES.appShell],
    ['an area building a route table of its own', 'mfe-alpha/src/routes/own-table.tsx', MESSAGES.route],
    ['the design system importing platform-api', 'shared-ui/src/server.ts', MESSAGES.platformApi],
    ['the host importing platform-api by package name', 'host-shell/src/app/server-package.ts', MESSAGES.platformApi],
    ['an area fetching an API path from a string', 'mfe-alpha/src/features/one/fetch-string.ts', MESSAGES.apiUrl],
    ['an area building an API path in a template', 'mfe-alpha/src/features/one/fetch-template.ts', MESSAGES.apiUrl],
    ['the host building a /platform/ path', 'host-shell/src/features/menu/platform-path.ts', MESSAGES.apiUrl],
    ['the design system calling an auth path', 'shared-ui/src/auth-url.ts', MESSAGES.apiUrl],
    ['the area kit importing an area', 'area-kit/src/other-area.ts', MESSAGES.area],
    ['the area kit building an API path', 'area-kit/src/status-url.ts', MESSAGES.apiUrl],
    ['the domain UI importing an area', 'domain-ui/src/area-files.ts', MESSAGES.area],
    ['a module in a cycle of two', 'mfe-alpha/src/features/one/cycle-a.ts', MESSAGES.cycle],
    ['the other module of that cycle', 'mfe-alpha/src/features/one/cycle-b.ts', MESSAGES.cycle],
    ['a module in a cycle of three', 'shared-ui/src/ring-1.ts', MESSAGES.cycle],
    ["a feature's lazy-parts module", 'mfe-alpha/src/features/one/lazy-parts.ts', MESSAGES.parts],
    ['a parts module in a host feature', 'host-shell/src/features/menu/form-parts.tsx', MESSAGES.parts],
    ['an area pushing a history entry', 'mfe-alpha/src/features/one/push-state.ts', MESSAGES.history],
    ['an area replacing the history entry', 'mfe-alpha/src/features/one/replace-state.ts', MESSAGES.history],
    ['an area listening to popstate', 'mfe-alpha/src/features/one/listens-popstate.ts', MESSAGES.history],
    ['an area dispatching a PopStateEvent', 'mfe-alpha/src/features/one/dispatches-popstate.ts', MESSAGES.history],
    ['an area route dispatching a popstate event', 'mfe-alpha/src/routes/event-popstate.tsx', MESSAGES.history],
    ['the area kit going back outside its seam', 'area-kit/src/goes-back.ts', MESSAGES.history],
    ['platform-core importing the project services', 'platform-core/src/uses-services.ts', MESSAGES.serverLayer],
    ['platform-core importing the console API by path', 'platform-core/src/uses-console-by-path.ts', MESSAGES.serverLayer],
    ['the project services importing the console API', 'project-services/src/uses-console.ts', MESSAGES.serverLayer],
    ["the console API importing a project service's file", 'console-api/src/deep.ts', MESSAGES.servicesIndex],
    ["the console API importing a project service's file by path", 'console-api/src/deep-by-path.ts', MESSAGES.servicesIndex],
    ['the console API importing the server', 'console-api/src/server.ts', MESSAGES.serverLayer],
    ['the console API importing a value from the project services', 'console-api/src/services-value.ts', MESSAGES.servicesTypes],
    ['the console API importing a value beside a type from the project services', 'console-api/src/services-value-mixed.ts', MESSAGES.servicesTypes],
    ['the console API re-exporting a value of the project services', 'console-api/src/services-reexport.ts', MESSAGES.servicesTypes],
  ])('report %s', (_what, path, message) => {
    const messages = reported(path);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
  });
});
