import './webpack-compat.cjs';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { describe, expect, it } from 'vitest';
import { exportNamesOf, RUNTIME_REQUIRES_FILE, areaRuntimeContract, runtimeProvides } from './runtime-contract.js';
import { createSharedModules, HOISTED_MODULES, ROUTER_ENTRY, workspaceRoot } from './shared.js';
import { resolveOptions, swcRule } from './rules.js';

const hostDir = path.join(workspaceRoot, 'host-shell');
const BUILD_CONFIG_DIR = import.meta.dirname;
/**
 * The shared modules, building the fallback copy (which webpack's usage analysis needs) only of
 * those the fixture imports: the others are not needed here and slow to build.
 */
const FIXTURE_IMPORTS = ['@plinth/shared-ui/button', 'react-router-dom', 'zod/mini'];
const withoutFallbacks = (shared) =>
  Object.fromEntries(Object.entries(shared).map(([key, config]) => [key, FIXTURE_IMPORTS.includes(key) ? config : { ...config, import: false }]));
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

describe('what the shell provides', () => {
  const provides = runtimeProvides(hostDir);

  it('states every shared module with the version installed, and shared-ui\'s at its package version', () => {
    expect(Object.keys(provides.modules).sort()).toEqual(Object.keys(createSharedModules(hostDir)).sort());
    expect(provides.modules.react.version).toBe(readJson(path.join(hostDir, 'node_modules/react/package.json')).version);
    const uiVersion = readJson(path.join(workspaceRoot, 'shared-ui/package.json')).version;
    expect(provides.modules['@plinth/shared-ui/button'].version).toBe(uiVersion);
    expect(provides.shell).toEqual({ name: '@plinth/host-shell', version: readJson(path.join(hostDir, 'package.json')).version });
  });

  it('lists the curated router and zod exports and each shared-ui entry\'s run-time exports, not its types', () => {
    expect(provides.modules['react-router-dom'].exports).toEqual(exportNamesOf(ROUTER_ENTRY));
    expect(provides.modules['react-router-dom'].exports).toContain('useNavigate');
    expect(provides.modules['zod/mini'].exports).toEqual(expect.arrayContaining(['object', 'string', 'safeParse']));
    expect(provides.modules['zod/locales'].exports).toEqual(['en']);
    expect(provides.modules['@plinth/shared-ui/button'].exports).toContain('Button');
    expect(provides.modules['@plinth/shared-ui'].exports).toContain('Button');
    expect(provides.modules['@plinth/shared-ui/button'].exports).not.toContain('ButtonProps');
    expect(provides.modules.react.exports).toBeUndefined();
  });

  it('states the major of each contracts package the shell depends on, found by name', () => {
    expect(provides.contracts['@plinth/shared-contracts']).toBe(Number(readJson(path.join(workspaceRoot, 'shared-contracts/package.json')).version.split('.')[0]));
    for (const name of Object.keys(provides.contracts)) expect(name).toMatch(/^@plinth\/(shared-contracts|contracts-[a-z0-9-]+)$/);
  });
});

describe('export names read from source', () => {
  it('follows export * through relative modules and leaves out type-only exports', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plinth-exports-'));
    mkdirSync(path.join(dir, 'menu'));
    writeFileSync(path.join(dir, 'menu/index.ts'), 'export function Menu() {}\nexport const MENU_WIDTH = 3;\nexport type MenuProps = {};\nexport interface MenuItem {}\n');
    writeFileSync(path.join(dir, 'button.tsx'), 'export { Button as PrimaryButton, type ButtonProps } from "./impl";\nexport default function X() {}\n');
    writeFileSync(path.join(dir, 'index.ts'), 'export * from "./menu";\nexport * from "./button";\nexport type { Other } from "./other";\nexport class Toast {}\nexport enum Tone { A }\n');
    expect(exportNamesOf(path.join(dir, 'index.ts'))).toEqual(['MENU_WIDTH', 'Menu', 'PrimaryButton', 'Toast', 'Tone']);
  });

  it('refuses a star export from a package, whose names it cannot list', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plinth-exports-'));
    writeFileSync(path.join(dir, 'index.ts'), 'export * from "some-package";\n');
    expect(() => exportNamesOf(path.join(dir, 'index.ts'))).toThrow(`"export * from 'some-package'" cannot be listed; name the exports.`);
  });
});

describe('what an area requires', () => {
  it('writes runtime-requires.json with each consumed module\'s range, the names its code imports and the contracts majors it bundles', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plinth-requires-'));
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(
      path.join(dir, 'src/index.ts'),
      [
        "import { Button } from '@plinth/shared-ui/button';",
        "import { Link } from 'react-router-dom';",
        "import * as z from '@plinth/shared-contracts/zod';",
        'export const schema = z.object({ name: z.string() });',
        'export const parts = [Button, Link];',
      ].join('\n'),
    );
    const out = path.join(dir, 'dist');
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: {},
      output: { path: out, publicPath: 'auto', uniqueName: 'plinth_fixture' },
      resolve: { ...resolveOptions, modules: [path.join(hostDir, 'node_modules'), 'node_modules', HOISTED_MODULES] },
      resolveLoader: { modules: [path.join(BUILD_CONFIG_DIR, 'node_modules'), HOISTED_MODULES] },
      module: { rules: [swcRule({ production: true })] },
      // Usage analysis without minifying: the names are the same, the build is faster.
      optimization: { minimize: false },
      plugins: [
        areaRuntimeContract({ area: 'fixture', version: '2.1.0' }),
        new ModuleFederationPlugin({ name: 'plinth_fixture', filename: 'remoteEntry.js', exposes: { './area': './src/index.ts' }, shared: withoutFallbacks(createSharedModules(hostDir)), manifest: false, dts: false, dev: false }),
      ],
      stats: 'errors-only',
    });
    const stats = await new Promise((resolve, reject) => compiler.run((error, result) => (error ? reject(error) : resolve(result))));
    await new Promise((resolve) => compiler.close(resolve));
    expect(stats.hasErrors(), stats.toString('errors-only')).toBe(false);
    const requires = readJson(path.join(out, RUNTIME_REQUIRES_FILE));
    const uiVersion = readJson(path.join(workspaceRoot, 'shared-ui/package.json')).version;
    expect(requires).toMatchObject({ area: 'fixture', version: '2.1.0' });
    expect(requires.modules['@plinth/shared-ui/button']).toEqual({ requiredVersion: `^${uiVersion}`, imports: ['Button'] });
    expect(requires.modules['react-router-dom'].imports).toEqual(['Link']);
    expect(requires.modules['zod/mini'].imports).toEqual(expect.arrayContaining(['object', 'string']));
    expect(requires.modules['@plinth/shared-ui/menu']).toBeUndefined();
    expect(requires.contracts).toEqual({ '@plinth/shared-contracts': Number(readJson(path.join(workspaceRoot, 'shared-contracts/package.json')).version.split('.')[0]) });
  }, 120_000);
});
