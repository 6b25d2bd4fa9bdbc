import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, runCli } from './cli';
import { promote, readEnvironmentFile, rollback } from './environments';
import { publishAll, publishArea } from './publish';
import { temporaryDirs, writeAreaBuild, writeShellBuild } from './test-fixtures';

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
      'storage@1.1.0',
      'auth-policies@1.0.0',
      'sql-editor@1.0.0',
      'logs@1.0.0',
      'settings-billing@1.0.0',
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
    expect(manifest.areas.storage).toEqual({ version: '1.1.0', url: '/remotes/storage/1.1.0/mf-manifest.json' });
    expect(manifest.history?.storage).toEqual(['1.0.0', '1.1.0']);

    await rollback('staging', 'storage', dirs);
    manifest = await readEnvironmentFile(dirs, 'staging');
    expect(manifest.areas.storage?.version).toBe('1.0.0');
    await expect(rollback('staging', 'storage', dirs)).rejects.toThrow('There is no earlier version of the storage area to roll back to in staging.');
  });

  it('refuses to promote a version that is not published, or an unknown area', async () => {
    const dirs = await temporaryDirs();
    await expect(promote('production', 'logs', '2.0.0', dirs)).rejects.toThrow('logs 2.0.0 is not published.');
    await expect(runCli(['promote', 'production', 'billing', '1.0.0'], dirs, () => undefined)).rejects.toThrow('Unknown area "billing"');
  });

  it('lists an environment through the command line', async () => {
    const dirs = await temporaryDirs();
    await writeAreaBuild(dirs, 'logs', '1.0.0');
    await runCli(['publish', 'logs'], dirs, () => undefined);
    await runCli(['promote', 'production', 'logs', '1.0.0'], dirs, () => undefined);
    const lines: string[] = [];
    await runCli(['list', 'production'], dirs, (line) => lines.push(line));
    expect(lines[0]).toBe('production (hosted)');
    expect(lines[1]).toMatch(/logs\s+1\.0\.0\s+published/);
  });

  it('reads --env-var pairs and rejects a malformed one', () => {
    expect(parseArgs(['storage', '--env-var', 'AREA_FAULT=throw-on-mount', '--version', '9.0.0']).envVars).toEqual({ AREA_FAULT: 'throw-on-mount' });
    expect(() => parseArgs(['storage', '--env-var', 'AREA_FAULT'])).toThrow('--env-var needs KEY=VALUE, got "AREA_FAULT".');
  });
});
