import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaBuildStamp, createHostConfig, createSharedModules, loadAreaManifest, remoteNameOf, sharedSubpaths } from './index.js';
import { federationRuntimeAliases } from './rules.js';
import { ROUTER_ENTRY, workspaceRoot, ZOD_ENTRY } from './shared.js';

const hostDir = path.resolve(import.meta.dirname, '../host-shell');

describe('shared modules', () => {
  it('shares React, its subpath entries, the router, query, zustand and emotion as singletons at their installed versions', () => {
    const shared = createSharedModules(hostDir);
    for (const name of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client', 'react-router-dom', '@tanstack/react-query', 'zustand', '@emotion/react', '@emotion/react/jsx-runtime']) {
      expect(shared[name], name).toMatchObject({ singleton: true });
    }
    expect(shared.react.version).toMatch(/^19\./);
    expect(shared.react.requiredVersion).toBe(`^${shared.react.version}`);
  });

  it('shares every shipped subpath of shared-ui as a singleton, and leaves shared-contracts and the area kit to each build', () => {
    const shared = createSharedModules(hostDir);
    expect(shared['@plinth/shared-ui/theme']).toMatchObject({ singleton: true });
    expect(Object.keys(shared).some((key) => key.startsWith('@plinth/area-kit'))).toBe(false);
    expect(Object.keys(shared).some((key) => key.includes('testing'))).toBe(false);
    expect(shared['@plinth/shared-contracts']).toBeUndefined();
  });

  it('derives the subpath list from a package’s exports, leaving out package.json, test helpers and missing files', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plinth-exports-'));
    mkdirSync(path.join(dir, 'src/menu'), { recursive: true });
    writeFileSync(path.join(dir, 'src/index.ts'), '');
    writeFileSync(path.join(dir, 'src/menu/index.ts'), '');
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({
        name: '@plinth/kit',
        exports: { '.': './src/index.ts', './menu': './src/menu/index.ts', './toast': './src/toast/index.ts', './testing/setup': './src/testing/setup.ts', './package.json': './package.json' },
      }),
    );
    expect(sharedSubpaths(path.join(dir, 'package.json'))).toEqual(['@plinth/kit', '@plinth/kit/menu']);
  });
});

describe('area build stamp', () => {
  it('takes the package version unless AREA_VERSION overrides it, and the workspace contracts major', () => {
    expect(areaBuildStamp({ area: 'logs', title: 'Logs', version: '1.2.0', env: {} })).toEqual({ area: 'logs', title: 'Logs', version: '1.2.0', contractsMajor: 1, fault: null });
    expect(areaBuildStamp({ area: 'logs', title: 'Logs', version: '1.2.0', env: { AREA_VERSION: '0.9.0', AREA_CONTRACTS_MAJOR: '0', AREA_FAULT: 'throw-on-mount' } })).toEqual({
      area: 'logs',
      title: 'Logs',
      version: '0.9.0',
      contractsMajor: 0,
      fault: 'throw-on-mount',
    });
  });

  it('rejects an unknown fault or a major that is not a number, saying what is allowed', () => {
    expect(() => areaBuildStamp({ area: 'logs', version: '1.0.0', env: { AREA_FAULT: 'explode' } })).toThrow(
      'AREA_FAULT="explode" is not a known test fault; use one of: throw-on-mount.',
    );
    expect(() => areaBuildStamp({ area: 'logs', version: '1.0.0', env: { AREA_CONTRACTS_MAJOR: 'two' } })).toThrow('AREA_CONTRACTS_MAJOR="two" must be a whole number.');
  });

  it('reads the area manifest beside the package and refuses one the contracts reject, naming the field', async () => {
    const storage = await loadAreaManifest(path.resolve(import.meta.dirname, '../mfe-storage'));
    expect(storage).toMatchObject({ id: 'storage', title: 'Storage', routes: { project: ['storage'] } });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plinth-manifest-'));
    writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
    writeFileSync(path.join(dir, 'area.manifest.ts'), "export default { id: 'Jobs!', title: 'Jobs', routes: { project: ['jobs'] }, pages: [], nav: [] } as const;\n");
    await expect(loadAreaManifest(dir)).rejects.toThrow(/area\.manifest\.ts is not valid: id: id must be lowercase words joined by dashes/);
  });

  it('emits the data part of a definition (its loaders dropped, menu entries kept) and refuses one that does not hold together', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plinth-definition-'));
    writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
    const definition = (pages, nav = "[{ key: 'jobs', label: 'Jobs', path: 'jobs/list', icon: 'clock', order: 75 }]") =>
      `const load = () => Promise.resolve(() => null);\nexport default { id: 'jobs', title: 'Jobs', routes: { project: ['jobs'] }, sections: [{ path: 'jobs', title: 'Jobs', index: 'jobs/list' }], pages: ${pages}, nav: ${nav}, targets: { job: '/project/:ref/jobs/:id' } };\n`;
    writeFileSync(path.join(dir, 'area.manifest.ts'), definition("[{ path: 'jobs/list', title: 'Jobs', menu: { label: 'All jobs' }, load }, { path: 'jobs/:id', title: 'Jobs', permission: 'projects_write', load }]"));
    expect(await loadAreaManifest(dir)).toEqual({
      id: 'jobs',
      title: 'Jobs',
      routes: { project: ['jobs'] },
      pages: [
        { path: 'jobs/list', title: 'Jobs', menu: { label: 'All jobs' } },
        { path: 'jobs/:id', title: 'Jobs', permission: 'projects_write' },
      ],
      nav: [{ key: 'jobs', label: 'Jobs', path: 'jobs/list', icon: 'clock', order: 75 }],
      targets: { job: '/project/:ref/jobs/:id' },
    });
    writeFileSync(path.join(dir, 'area.manifest.ts'), definition("[{ path: 'jobs/list', title: 'Jobs', load }, { path: 'jobs/list', title: 'Again', load }]", "[{ key: 'jobs', label: 'Jobs', path: 'jobs/calendar', icon: 'clock', order: 75 }]"));
    await expect(loadAreaManifest(dir)).rejects.toThrow(
      'area.manifest.ts does not hold together: page "jobs/list" is declared twice; nav entry "jobs" leads to "jobs/calendar", which is no declared page; target "job" (/project/:ref/jobs/:id) is no declared page',
    );
  });

  it("emits a page's preloads and refuses one that is not a path of the console API", async () => {
    const storage = await loadAreaManifest(path.resolve(import.meta.dirname, '../mfe-storage'));
    expect(storage.pages.find((page) => page.path === 'storage/buckets')?.preload).toEqual(['/platform/storage/{ref}/buckets']);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'plinth-preload-'));
    writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
    const withPreload = (preload) =>
      `export default { id: 'jobs', title: 'Jobs', routes: { project: ['jobs'] }, pages: [{ path: 'jobs/:id', title: 'Jobs', preload: ${JSON.stringify(preload)}, load: () => Promise.resolve(() => null) }], nav: [] };\n`;
    writeFileSync(path.join(dir, 'area.manifest.ts'), withPreload(['/platform/jobs/{ref}/jobs/{id}']));
    expect((await loadAreaManifest(dir)).pages[0].preload).toEqual(['/platform/jobs/{ref}/jobs/{id}']);
    writeFileSync(path.join(dir, 'area.manifest.ts'), withPreload(['https://tracker.example/jobs']));
    await expect(loadAreaManifest(dir)).rejects.toThrow('page "jobs/:id" preloads "https://tracker.example/jobs": a preload is an API path starting with one "/" (below /api)');
    writeFileSync(path.join(dir, 'area.manifest.ts'), withPreload(['/platform/jobs/{slug}']));
    await expect(loadAreaManifest(dir)).rejects.toThrow("{slug} is neither {ref} nor a parameter of the page's path");
  });

  it('reads every area of the workspace and the browser tests\' fixture area as a sound definition, each page declared once', async () => {
    const dirs = [...readdirSync(workspaceRoot).filter((name) => name.startsWith('mfe-')), 'e2e/fixtures/scheduler-area'].map((name) => path.join(workspaceRoot, name));
    for (const dir of dirs) {
      const manifest = await loadAreaManifest(dir);
      expect(manifest.pages.length, dir).toBeGreaterThan(0);
      expect(new Set(manifest.pages.map((page) => page.path)).size, dir).toBe(manifest.pages.length);
      expect(manifest.pages.filter((page) => 'load' in page || 'queries' in page), dir).toEqual([]);
    }
  }, 60_000);

  it('names each area container after the area', () => {
    expect(remoteNameOf('settings-billing')).toBe('plinth_settings_billing');
  });
});

describe('the shared router', () => {
  const entry = readFileSync(ROUTER_ENTRY, 'utf8');
  const provided = new Set([...entry.matchAll(/^\s+(\w+),?$/gm)].map((match) => match[1]));

  /** Every non-test source file of the browser packages, with the names it imports from a module. */
  function importsOf(moduleName) {
    const found = [];
    const roots = ['host-shell/src', 'shared-ui/src', ...readdirSync(workspaceRoot).filter((name) => name.startsWith('mfe-')).map((name) => `${name}/src`)];
    const walk = (dir) => {
      for (const item of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, item.name);
        if (item.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(item.name) && !/\.test\.tsx?$/.test(item.name)) {
          const text = readFileSync(full, 'utf8');
          const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${moduleName.replace('/', '\\/')}'`, 'g');
          for (const match of text.matchAll(pattern)) {
            if (match[1]) continue;
            const names = match[2].split(',').map((part) => part.trim()).filter((part) => part && !part.startsWith('type '));
            for (const name of names) found.push({ file: path.relative(workspaceRoot, full), name: name.split(/\s+as\s+/)[0] });
          }
        }
      }
    };
    for (const root of roots) if (existsSync(path.join(workspaceRoot, root))) walk(path.join(workspaceRoot, root));
    return found;
  }

  it('shares react-router-dom as one singleton whose module is the list of exports the console uses', () => {
    const shared = createSharedModules(hostDir);
    expect(shared['react-router-dom']).toMatchObject({ singleton: true, import: ROUTER_ENTRY });
    expect(shared['react-router']).toBeUndefined();
    expect(provided.has('BrowserRouter') && provided.has('useNavigate')).toBe(true);
  });

  it('provides every name the shell and the areas import from react-router-dom', () => {
    const missing = importsOf('react-router-dom').filter(({ name }) => !provided.has(name));
    expect(missing).toEqual([]);
  });

  it('has no browser source import react-router directly, which would load a second router', () => {
    expect([...importsOf('react-router'), ...importsOf('react-router/dom')]).toEqual([]);
  });
});

describe('the shared zod', () => {
  const entry = readFileSync(ZOD_ENTRY, 'utf8');
  const provided = new Set([...entry.matchAll(/^\s+(\w+),?$/gm)].map((match) => match[1]));
  // Used in types only (z.core.$ZodType): exporting core would ship all of zod's core with every locale.
  const TYPE_ONLY = new Set(['infer', 'core']);

  /** Every z.<name> a non-test browser source file calls on the contracts' zod namespace. */
  function namesUsed() {
    const found = [];
    const roots = ['host-shell/src', 'shared-ui/src', 'shared-contracts/src', 'area-kit/src', 'domain-ui/src', ...readdirSync(workspaceRoot).filter((name) => name.startsWith('mfe-') || name.startsWith('contracts-')).map((name) => `${name}/src`)];
    const walk = (dir) => {
      for (const item of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, item.name);
        if (item.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(item.name) && !/\.test\.tsx?$/.test(item.name)) {
          const text = readFileSync(full, 'utf8');
          if (!/import \* as z from '(\.\.?\/)+zod'|import \* as z from '@plinth\/shared-contracts\/zod'/.test(text)) continue;
          for (const match of text.matchAll(/\bz\.(\w+)/g)) found.push({ file: path.relative(workspaceRoot, full), name: match[1] });
        }
      }
    };
    for (const root of roots) if (existsSync(path.join(workspaceRoot, root))) walk(path.join(workspaceRoot, root));
    return found;
  }

  it('shares zod/mini as one singleton whose module is the list of exports the console uses', () => {
    const shared = createSharedModules(hostDir);
    expect(shared['zod/mini']).toMatchObject({ singleton: true, import: ZOD_ENTRY });
    expect(shared.zod).toBeUndefined();
  });

  it('provides every name the contracts and the areas call on zod', () => {
    const used = namesUsed();
    expect(used.length).toBeGreaterThan(50);
    expect(used.filter(({ name }) => !provided.has(name) && !TYPE_ONLY.has(name))).toEqual([]);
  });
});

describe('the federation runtime', () => {
  it('resolves each runtime package to its ES module build, so the page does not carry the CommonJS copy too', () => {
    const aliases = federationRuntimeAliases();
    for (const name of ['runtime-core', 'runtime', 'sdk', 'webpack-bundler-runtime', 'runtime-tools']) {
      const target = aliases[`@module-federation/${name}$`];
      expect(target, name).toMatch(/\.m?js$/);
      expect(target).not.toMatch(/\.cjs$/);
      expect(existsSync(target)).toBe(true);
    }
  });
});

describe('the host’s chunks', () => {
  it('keeps one copy of lucide’s icon runtime for every icon module, and each icon beside its users', () => {
    const config = createHostConfig({ dir: hostDir })(undefined, { mode: 'production' });
    const { lucide } = config.optimization.splitChunks.cacheGroups;
    const esm = path.join(workspaceRoot, 'node_modules/.pnpm/lucide-react@1.75.0/node_modules/lucide-react/dist/esm');
    expect(lucide.test.test(path.join(esm, 'Icon.mjs'))).toBe(true);
    expect(lucide.test.test(path.join(esm, 'shared/src/build/buildLucideIconNode.mjs'))).toBe(true);
    expect(lucide.test.test(path.join(esm, 'icons/sun.mjs'))).toBe(false);
  });
});
