import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AreaManifest, AreaName, RuntimeProvides, RuntimeRequires } from '@plinth/shared-contracts';
import type { DeployDirs } from './paths';

/** A throwaway workspace with published/ and environments/ folders, for tests. */
export async function temporaryDirs(): Promise<DeployDirs> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'plinth-deploy-'));
  const dirs = { workspace: root, published: path.join(root, 'published'), environments: path.join(root, 'environments') };
  await mkdir(dirs.environments, { recursive: true });
  return dirs;
}

/** A small manifest for an area owning the segment of its name. */
export function areaManifest(area: AreaName, title = area): AreaManifest {
  return { id: area, title, routes: { project: [area] }, pages: [{ path: `${area}/*`, title }], nav: [{ key: area, label: title, path: area, icon: area, order: 50 }] };
}

/**
 * Writes files shaped like an area's webpack output into mfe-<area>/dist (or `folder`/dist), and
 * the area.manifest.ts that makes the folder an area of the workspace.
 */
export async function writeAreaBuild(
  dirs: DeployDirs,
  area: AreaName,
  version: string,
  chunkText = 'console.log("chunk")',
  options: { manifest?: unknown; folder?: string; requires?: RuntimeRequires } = {},
): Promise<string> {
  const folder = options.folder ?? path.join(dirs.workspace, `mfe-${area}`);
  const dist = path.join(folder, 'dist');
  await mkdir(dist, { recursive: true });
  await writeFile(path.join(folder, 'area.manifest.ts'), `export default ${JSON.stringify(areaManifest(area))};\n`);
  await writeFile(path.join(dist, 'area-manifest.json'), JSON.stringify(options.manifest ?? areaManifest(area)));
  await writeFile(path.join(dist, 'mf-manifest.json'), JSON.stringify({ id: `plinth_${area}`, name: `plinth_${area}`, padding: 'x'.repeat(600) }));
  await writeFile(path.join(dist, 'remoteEntry.js'), `var plinth_${area}={};${'/* runtime */'.repeat(100)}`);
  await writeFile(path.join(dist, '525.d3fdbf8d6d.js'), chunkText.repeat(50));
  await writeFile(path.join(dist, 'plinth-area.json'), JSON.stringify({ area, title: area, version, contractsMajor: 1, fault: null }));
  await writeFile(path.join(dist, 'runtime-requires.json'), JSON.stringify({ area, version, ...(options.requires ?? areaRequires()) }));
  return dist;
}

/** What an area built against shared-ui `range` and importing `names` from its button entry requires. */
export function areaRequires(range = '^1.0.0', names: string[] = ['Button']): RuntimeRequires {
  return {
    modules: { react: { requiredVersion: '^19.0.0', imports: null }, '@plinth/shared-ui/button': { requiredVersion: range, imports: names } },
    contracts: { '@plinth/shared-contracts': 1 },
  };
}

/** What a shell with shared-ui `version` whose button entry exports `names` provides. */
export function shellProvides(version = '1.1.0', names: string[] = ['Button', 'IconButton']): RuntimeProvides {
  return {
    shell: { name: '@plinth/host-shell', version: '1.0.0' },
    modules: { react: { version: '19.3.1' }, '@plinth/shared-ui/button': { version, exports: names } },
    contracts: { '@plinth/shared-contracts': 1 },
  };
}

export async function writeShellBuild(dirs: DeployDirs, provides: RuntimeProvides = shellProvides()): Promise<void> {
  const dist = path.join(dirs.workspace, 'host-shell', 'dist');
  await mkdir(dist, { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Plinth</title><div id="root"></div><script src="/main.js"></script>');
  await writeFile(path.join(dist, 'main.js'), 'import("./bootstrap")');
  await writeFile(path.join(dist, '812.0a1b2c3d4e.js'), 'export const shell = 1;');
  await writeFile(path.join(dist, 'runtime-provides.json'), JSON.stringify(provides));
}
