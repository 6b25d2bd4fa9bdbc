import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, runCli } from './cli';
import { promote, readEnvironmentFile, rollback } from './environments';
import { publishAll, publishArea } from './publish';
import { areaManifest, areaRequires, temporaryDirs, writeAreaBuild, writeShellBuild } from './test-fixtures';

describe('publish', () => {
  it('copies a built remote into published/<area>/<version>/ with gzip copies, at the version stamped in the build', async () => {
    const dirs = await temporaryDirs();
    await writeAreaBuild(dirs, 'storage', '1.1.0');
    const result = await publishArea({ area: 'storage', dirs });
    expect(result).toMatchObject({ version: '1.1.0', outcome: 'published' });
    const target = path.join(dirs.published, 'storage', '1.1.0');
    expect(existsSync(path.join(target, 'mf-manifest.json'))).toBe(true);
    expect(existsSync(path.join(target, 'remoteEntry.js.gz'))).toBe(true);
    expect(await readFile(path.join(target, '525.d3fdbf8d6d.js'), 'utf8')).toContain('console.log("chunk")');
  });

  it('leaves the same build alone, refuses a different build of the same version, and replaces it with --force', async () => {
    const dirs = await temporaryDirs();
    await writeAreaBuild(dirs, 'logs', '1.0.0');
    await publishArea({ area: 'logs', dirs });
    expect((await publishArea({ area: 'logs', dirs })).outcome).toBe('unchanged');

    await writeAreaBuild(dirs, 'logs', '1.0.0', 'console.log("changed")');
    await expect(publishArea({ area: 'logs', dirs })).rejects.toThrow(
      'logs 1.0.0 is already published from a different build. Publish it under a new version, or pass --force to replace it.',
    );
    expect((await publishArea({ area: 'logs', dirs, force: true })).outcome).toBe('replaced');
    expect(await readFile(path.join(dirs.published, 'logs/1.0.0/525.d3fdbf8d6d.js'), 'utf8')).toContain('changed');
  });

  it('refuses a build without its area manifest, with an invalid one, or with another area\'s', async () => {
    const dirs = await temporaryDirs();
    const dist = await writeAreaBuild(dirs, 'logs', '1.0.0');
    await rm(path.join(dist, 'area-manifest.json'));
    await expect(publishArea({ area: 'logs', dirs })).rejects.toThrow('has no area-manifest.json');
    await writeAreaBuild(dirs, 'logs', '1.0.0', 'x', { manifest: { ...areaManifest('logs'), nav: 'Logs' } });
    await expect(publishArea({ area: 'logs', dirs })).rejects.toThrow(/area-manifest\.json is not valid: nav: /);
    await writeAreaBuild(dirs, 'logs', '1.0.0', 'x', { manifest: areaManifest('storage') });
    await expect(publishArea({ area: 'logs', dirs })).rejects.toThrow('describes the "storage" area, not logs');
  });

  it('publishes an area whose folder is outside the workspace\'s packages, under the name its manifest gives', async () => {
    const dirs = await temporaryDirs();
    const folder = path.join(dirs.workspace, 'fixtures', 'scheduler-area');
    await writeAreaBuild(dirs, 'scheduler', '1.0.0', 'console.log("jobs")', { folder });
    await runCli(['publish', 'scheduler', '--from', folder], dirs, () => undefined);
    expect(existsSync(path.join(dirs.published, 'scheduler', '1.0.0', 'area-manifest.json'))).toBe(true);
    await runCli(['promote', 'staging', 'scheduler', '1.0.0'], dirs, () => undefined);
    expect((await readEnvironmentFile(dirs, 'staging')).areas.scheduler?.manifest.title).toBe('scheduler');
    await runCli(['remove', 'staging', 'scheduler'], dirs, () => undefined);
    expect((await readEnvironmentFile(dirs, 'staging')).areas.scheduler).toBeUndefined();
    await expect(runCli(['remove', 'staging', 'scheduler'], dirs, () => undefined)).rejects.toThrow('The scheduler area is not part of staging.');
  });

  it('a publish over a promoted version folds the new manifest into the environments running it', async () => {
    const dirs = await temporaryDirs();
    await writeAreaBuild(dirs, 'logs', '1.0.0');
    await publishArea({ area: 'logs', dirs });
    await promote('production', 'logs', '1.0.0', dirs);
    await writeAreaBuild(dirs, 'logs', '1.0.0', 'console.log("renamed")', { manifest: areaManifest('logs', 'Logs & reports') });
    await publishArea({ area: 'logs', dirs, force: true });
    expect((await readEnvironmentFile(dirs, 'production')).areas.logs?.manifest.title).toBe('Logs & reports');
  });

  it('says how to build an area that has no build', async () => {
    const dirs = await temporaryDirs();
    await expect(publishArea({ area: 'sql-editor', dirs })).rejects.toThrow('run `pnpm --filter @plinth/mfe-sql-editor build` first');
  });

  it('publish-all publishes every area at its version and the shell', async () => {
    const dirs = await temporaryDirs();
    for (const area of ['storage', 'auth-policies', 'sql-editor', 'logs', 'settings-billing'] as const) {
      await writeAreaBuild(dirs, area, area === 'storage' ? '1.1.0' : '1.0.0');
    }
    await writeShellBuild(dirs);
    const results = await publishAll({ dirs });
    expect(results.map((r) => `${r.area}@${r.version}`)).toEqual([
      'auth-policies@1.0.0',
      'logs@1.0.0',
      'settings-billing@1.0.0',
      'sql-editor@1.0.0',
      'storage@1.1.0',
    ]);
    expect(existsSync(path.join(dirs.published, 'host-shell', 'index.html'))).toBe(true);
  });
});

describe('promote and rollback', () => {
  it('points the environment at a published version, and rollback returns to the previous one', async () => {
    const dirs = await temporaryDirs();
    await writeAreaBuild(dirs, 'storage', '1.0.0');
    await publishArea({ area: 'storage', dirs });
    await writeAreaBuild(dirs, 'storage', '1.1.0', 'console.log("newer")');
    await publishArea({ area: 'storage', dirs });

    await promote('staging', 'storage', '1.0.0', dirs);
    const promoted = await promote('staging', 'storage', '1.1.0', dirs);
    expect(promoted).toMatchObject({ previous: '1.0.0', current: '1.1.0' });
    let manifest = await readEnvironmentFile(dirs, 'staging');
    expect(manifest.areas.storage).toEqual({
      version: '1.1.0',
      url: '/remotes/storage/1.1.0/mf-manifest.json',
      manifest: areaManifest('storage'),
      requires: { area: 'storage', version: '1.1.0', ...areaRequires() },
    });
    expect(manifest.history?.storage).toEqual(['1.0.0', '1.1.0']);

    await rollback('staging', 'storage', dirs);
    manifest = await readEnvironmentFile(dirs, 'staging');
    expect(manifest.areas.storage?.version).toBe('1.0.0');
    await expect(rollback('staging', 'storage', dirs)).rejects.toThrow('There is no earlier version of the storage area to roll back to in staging.');
  });

  it('refuses to promote a version that is not published, or an unknown area', async () => {
    const dirs = await temporaryDirs();
    await expect(promote('production', 'logs', '2.0.0', dirs)).rejects.toThrow('logs 2.0.0 is not published.');
    await expect(runCli(['promote', 'production', 'Billing!', '1.0.0'], dirs, () => undefined)).rejects.toThrow('"Billing!" is not an area name');
  });

  it('lists an environment through the command line', async () => {
    const dirs = await temporaryDirs();
    await writeAreaBuild(dirs, 'logs', '1.0.0');
    await runCli(['publish', 'logs'], dirs, () => undefined);
    await runCli(['promote', 'production', 'logs', '1.0.0'], dirs, () => undefined);
    const lines: string[] = [];
    await runCli(['list', 'production'], dirs, (line) => lines.push(line));
    expect(lines[0]).toBe('production (hosted)');
    expect(lines[1]).toBe('  shell: the published one');
    expect(lines[2]).toMatch(/logs\s+1\.0\.0\s+published/);
  });

  it('reads --env-var pairs and rejects a malformed one', () => {
    expect(parseArgs(['storage', '--env-var', 'AREA_FAULT=throw-on-mount', '--version', '9.0.0']).envVars).toEqual({ AREA_FAULT: 'throw-on-mount' });
    expect(() => parseArgs(['storage', '--env-var', 'AREA_FAULT'])).toThrow('--env-var needs KEY=VALUE, got "AREA_FAULT".');
  });
});
