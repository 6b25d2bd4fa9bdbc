import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { promote, promoteShell, publicManifest, readEnvironmentFile, rollback } from './environments';
import type { DeployDirs } from './paths';
import { publishAll, publishArea, publishShell } from './publish';
import { areaManifest, areaRequires, shellProvides, temporaryDirs, writeAreaBuild, writeShellBuild } from './test-fixtures';

const ADVICE = 'Ask its team to publish a compatible version, or update the shell.';

/** A workspace whose published shell provides shared-ui `version` with `names` in its button entry. */
async function withShell(version = '1.1.0', names?: string[]): Promise<DeployDirs> {
  const dirs = await temporaryDirs();
  await writeShellBuild(dirs, shellProvides(version, names));
  await publishShell(dirs);
  return dirs;
}

async function publishStorage(dirs: DeployDirs, version: string, requires = areaRequires(), force = false) {
  await writeAreaBuild(dirs, 'storage', version, `console.log("${version}")`, { manifest: areaManifest('storage', 'Storage'), requires });
  return publishArea({ area: 'storage', dirs, force });
}

/** Pins an environment to a shell that provides shared-ui `version` (an environment whose shell is older than the published one). */
async function pinShell(dirs: DeployDirs, env: string, version: string, names?: string[]) {
  const file = path.join(dirs.environments, `${env}.json`);
  const manifest = JSON.parse(await readFile(file, 'utf8').catch(() => JSON.stringify({ name: env, buildMode: 'hosted', areas: {} })));
  await writeFile(file, JSON.stringify({ ...manifest, shell: { version: '0.9.0', provides: shellProvides(version, names) } }));
}

describe('publish records what an area needs of the shell', () => {
  it('keeps runtime-requires.json beside the build and in the publish record, and promote folds it into the environment entry', async () => {
    const dirs = await withShell();
    await publishStorage(dirs, '1.2.0', areaRequires('^1.0.0', ['Button']));
    const record = JSON.parse(await readFile(path.join(dirs.published, 'storage/1.2.0/.published.json'), 'utf8'));
    expect(record.requires.modules['@plinth/shared-ui/button']).toEqual({ requiredVersion: '^1.0.0', imports: ['Button'] });
    await promote('staging', 'storage', '1.2.0', dirs);
    const environment = await readEnvironmentFile(dirs, 'staging');
    expect(environment.areas.storage?.requires?.modules['@plinth/shared-ui/button']).toEqual({ requiredVersion: '^1.0.0', imports: ['Button'] });
  });

  it('refuses a build made before the runtime contract, saying how to fix it', async () => {
    const dirs = await withShell();
    const dist = await writeAreaBuild(dirs, 'storage', '1.2.0');
    await rm(path.join(dist, 'runtime-requires.json'));
    await expect(publishArea({ area: 'storage', dirs })).rejects.toThrow(
      'has no runtime-requires.json (what it needs of the shell): build it again with the current @plinth/build-config.',
    );
  });
});

describe('promote refuses an area the environment\'s shell cannot run', () => {
  it('names the module, the range wanted and the version provided when the area was built against a newer minor', async () => {
    const dirs = await withShell('1.1.0');
    await publishStorage(dirs, '1.3.0', areaRequires('^1.2.0', ['Button']));
    await expect(promote('staging', 'storage', '1.3.0', dirs)).rejects.toThrow(
      `Cannot promote storage 1.3.0 into staging: The Storage area (version 1.3.0) cannot run in the staging environment: it was built against @plinth/shared-ui/button ^1.2.0 and the shell provides @plinth/shared-ui/button 1.1.0. ${ADVICE}`,
    );
    await expect(readEnvironmentFile(dirs, 'staging')).rejects.toThrow('There is no "staging" environment');
  });

  it('names the export the shell\'s module lacks', async () => {
    const dirs = await withShell('1.1.0', ['Button']);
    await publishStorage(dirs, '1.3.0', areaRequires('^1.1.0', ['Button', 'SplitButton']));
    await expect(promote('staging', 'storage', '1.3.0', dirs)).rejects.toThrow(
      `Cannot promote storage 1.3.0 into staging: The Storage area (version 1.3.0) cannot run in the staging environment: it imports "SplitButton" from @plinth/shared-ui/button, which the shell's @plinth/shared-ui/button 1.1.0 does not export. ${ADVICE}`,
    );
  });

  it('names a shared module the shell does not provide, and a contracts major it does not carry', async () => {
    const dirs = await withShell('1.1.0');
    const requires = areaRequires();
    requires.modules['@plinth/shared-ui/grid'] = { requiredVersion: '^1.1.0', imports: ['Grid'] };
    requires.contracts = { '@plinth/shared-contracts': 2 };
    await publishStorage(dirs, '2.0.0', requires);
    await expect(promote('production', 'storage', '2.0.0', dirs)).rejects.toThrow(
      `Cannot promote storage 2.0.0 into production: The Storage area (version 2.0.0) cannot run in the production environment: it needs the shared module @plinth/shared-ui/grid ^1.1.0, which the shell does not provide; it was built for @plinth/shared-contracts v2 and the shell carries @plinth/shared-contracts v1. ${ADVICE}`,
    );
  });

  it('checks against the shell promoted into the environment: refused under an older one, accepted once the shell is updated', async () => {
    const dirs = await withShell('1.2.0', ['Button', 'SplitButton']);
    await publishStorage(dirs, '1.3.0', areaRequires('^1.2.0', ['Button', 'SplitButton']));
    await pinShell(dirs, 'staging', '1.1.0', ['Button']);
    const lines: string[] = [];
    await expect(runCli(['promote', 'staging', 'storage', '1.3.0'], dirs, (line) => lines.push(line))).rejects.toThrow(
      'it was built against @plinth/shared-ui/button ^1.2.0 and the shell provides @plinth/shared-ui/button 1.1.0; it imports "SplitButton" from @plinth/shared-ui/button, which the shell\'s @plinth/shared-ui/button 1.1.0 does not export.',
    );
    await runCli(['promote-shell', 'staging'], dirs, (line) => lines.push(line));
    await runCli(['promote', 'staging', 'storage', '1.3.0'], dirs, (line) => lines.push(line));
    expect(lines).toEqual(['staging: shell @plinth/host-shell 1.0.0 -> @plinth/host-shell 1.0.0', 'staging: storage (none) -> 1.3.0']);
    const environment = await readEnvironmentFile(dirs, 'staging');
    expect(environment.shell?.provides.modules['@plinth/shared-ui/button']).toEqual({ version: '1.2.0', exports: ['Button', 'SplitButton'] });
    expect(publicManifest(environment)).not.toHaveProperty('shell');
  });

  it('lets an area built against an older minor run under a newer shell', async () => {
    const dirs = await withShell('1.4.0', ['Button', 'IconButton', 'SplitButton']);
    await publishStorage(dirs, '1.0.0', areaRequires('^1.0.0', ['Button']));
    await expect(promote('staging', 'storage', '1.0.0', dirs)).resolves.toMatchObject({ current: '1.0.0' });
  });

  it('refuses a rollback to a version the shell cannot run', async () => {
    const dirs = await withShell('1.2.0');
    await publishStorage(dirs, '1.0.0', areaRequires('^1.2.0'));
    await publishStorage(dirs, '1.1.0', areaRequires('^1.0.0'));
    await promote('staging', 'storage', '1.0.0', dirs);
    await promote('staging', 'storage', '1.1.0', dirs);
    await pinShell(dirs, 'staging', '1.1.0');
    await expect(rollback('staging', 'storage', dirs)).rejects.toThrow(
      'Cannot roll storage back to 1.0.0 in staging: The Storage area (version 1.0.0) cannot run in the staging environment: it was built against @plinth/shared-ui/button ^1.2.0 and the shell provides @plinth/shared-ui/button 1.1.0.',
    );
  });
});

describe('a shell that no longer meets an area already promoted is refused', () => {
  it('promote-shell names every area the shell could not run, and leaves the environment as it was', async () => {
    const dirs = await withShell('1.2.0');
    await publishStorage(dirs, '1.3.0', areaRequires('^1.2.0'));
    await promote('staging', 'storage', '1.3.0', dirs);
    // The shell published next is older than what storage 1.3.0 was built against.
    await writeShellBuild(dirs, shellProvides('1.1.0'));
    await rm(path.join(dirs.environments, 'staging.json'));
    await publishShell(dirs);
    await pinShell(dirs, 'staging', '1.2.0');
    await promote('staging', 'storage', '1.3.0', dirs);
    const before = await readFile(path.join(dirs.environments, 'staging.json'), 'utf8');
    await expect(promoteShell('staging', dirs)).rejects.toThrow(
      `Cannot promote the shell (@plinth/host-shell 1.0.0) into staging: The Storage area (version 1.3.0) cannot run in the staging environment: it was built against @plinth/shared-ui/button ^1.2.0 and the shell provides @plinth/shared-ui/button 1.1.0. ${ADVICE}`,
    );
    expect(await readFile(path.join(dirs.environments, 'staging.json'), 'utf8')).toBe(before);
  });

  it('publishing a shell refuses when an environment running the published shell has an area it cannot run', async () => {
    const dirs = await withShell('1.2.0');
    await publishStorage(dirs, '1.3.0', areaRequires('^1.2.0'));
    await promote('production', 'storage', '1.3.0', dirs);
    await writeShellBuild(dirs, shellProvides('1.1.0'));
    await expect(publishShell(dirs)).rejects.toThrow(
      `Cannot publish the shell (@plinth/host-shell 1.0.0): The Storage area (version 1.3.0) cannot run in the production environment: it was built against @plinth/shared-ui/button ^1.2.0 and the shell provides @plinth/shared-ui/button 1.1.0. ${ADVICE}`,
    );
    const published = JSON.parse(await readFile(path.join(dirs.published, 'host-shell/runtime-provides.json'), 'utf8'));
    expect(published.modules['@plinth/shared-ui/button'].version).toBe('1.2.0');
  });

  it('publishing a new build over a version an environment runs is refused when that environment\'s shell cannot run it', async () => {
    const dirs = await withShell('1.1.0');
    await publishStorage(dirs, '1.3.0', areaRequires('^1.0.0'));
    await promote('staging', 'storage', '1.3.0', dirs);
    await expect(publishStorage(dirs, '1.3.0', areaRequires('^1.1.0', ['Button', 'SplitButton']), true)).rejects.toThrow(
      `Cannot publish storage 1.3.0: The Storage area (version 1.3.0) cannot run in the staging environment: it imports "SplitButton" from @plinth/shared-ui/button, which the shell's @plinth/shared-ui/button 1.1.0 does not export. ${ADVICE}`,
    );
    expect((await readEnvironmentFile(dirs, 'staging')).areas.storage?.requires?.modules['@plinth/shared-ui/button']?.imports).toEqual(['Button']);
  });
});

describe('publish-all publishes one build of the workspace as one release', () => {
  it('checks its areas against the shell built with them, not the older shell published before', async () => {
    const dirs = await withShell('1.1.0', ['Button']);
    await publishStorage(dirs, '1.3.0', areaRequires('^1.0.0', ['Button']));
    await promote('production', 'storage', '1.3.0', dirs);
    // The workspace moves shared-ui to 1.2.0: the storage build needs it, and so does the shell built with it.
    await writeAreaBuild(dirs, 'storage', '1.3.0', 'console.log("rebuilt")', { manifest: areaManifest('storage', 'Storage'), requires: areaRequires('^1.2.0', ['Button', 'SplitButton']) });
    await writeShellBuild(dirs, shellProvides('1.2.0', ['Button', 'SplitButton']));
    await expect(publishAll({ dirs, force: true })).resolves.toEqual([expect.objectContaining({ area: 'storage', version: '1.3.0', outcome: 'replaced' })]);
    const published = JSON.parse(await readFile(path.join(dirs.published, 'host-shell/runtime-provides.json'), 'utf8'));
    expect(published.modules['@plinth/shared-ui/button'].version).toBe('1.2.0');
    // An environment pinned to an older shell still refuses the build it cannot run.
    await pinShell(dirs, 'production', '1.1.0', ['Button']);
    await writeAreaBuild(dirs, 'storage', '1.3.0', 'console.log("again")', { manifest: areaManifest('storage', 'Storage'), requires: areaRequires('^1.2.0', ['Button', 'SplitButton']) });
    await expect(publishAll({ dirs, force: true })).rejects.toThrow('Cannot publish storage 1.3.0: The Storage area (version 1.3.0) cannot run in the production environment');
  });
});
