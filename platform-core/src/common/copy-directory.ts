import { execFile } from 'node:child_process';
import { cp } from 'node:fs/promises';

/**
 * Copies a folder to `to`, which must not exist yet (a database cluster: about a thousand files,
 * 40 MB for an empty one). The system's `cp -a` does it in about 0.1 CPU-seconds where Node's
 * fs.cp spent 0.4-0.8 walking the tree in JavaScript; Node's copy is the fallback where there is
 * no `cp`.
 */
export function copyDirectory(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('cp', ['-a', '--', from, to], (error, _stdout, stderr) => {
      if (!error) resolve();
      else if ((error as NodeJS.ErrnoException).code === 'ENOENT') cp(from, to, { recursive: true, errorOnExist: true, force: false }).then(resolve, reject);
      else reject(new Error(`copying ${from} to ${to} failed: ${String(stderr).trim() || error.message}`));
    });
  });
}
