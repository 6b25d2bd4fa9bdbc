import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/** Data directories this process holds (a second server in the same process is refused too). */
const held = new Set<string>();

export interface DataDirLock {
  release(): Promise<void>;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>/api.lock` (holding this process's id) so two platform API processes never open
 * the same embedded databases. A lock left by a process that no longer runs is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, 'api.lock');
  if (held.has(file)) throw new Error(`The data directory ${dataDir} is already in use by a platform API in this process`);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      held.add(file);
      return {
        async release() {
          held.delete(file);
          const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
          if (owner === process.pid) await rm(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (owner && owner !== process.pid && alive(owner)) {
        throw new Error(`Another platform API process (pid ${owner}) is using the data directory ${dataDir}; stop it first (or remove ${file} if that process is not a platform API)`);
      }
      await rm(file, { force: true }); // stale: its process is gone (or it is this process's own, released without cleanup)
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
