import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { GitBranch, Repository } from '@plinth/contracts-settings';
import { HttpError } from '@plinth/platform-core/deps';

// The code-hosting integration, backed by real git repositories on the server's disk:
// <root>/<owner>/<repo> (a work tree with .git, or a bare repository).

const run = promisify(execFile);
const NAME = /^[A-Za-z0-9._-]+$/;

async function isDir(p: string): Promise<boolean> {
  return stat(p).then((s) => s.isDirectory(), () => false);
}

async function gitDirOf(repoPath: string): Promise<string | null> {
  if (await isDir(path.join(repoPath, '.git'))) return path.join(repoPath, '.git');
  if ((await isDir(path.join(repoPath, 'refs'))) && (await stat(path.join(repoPath, 'HEAD')).then(() => true, () => false))) return repoPath;
  return null;
}

function repoId(fullName: string): number {
  return createHash('sha1').update(fullName).digest().readUInt32BE(0) & 0x7fffffff;
}

async function defaultBranch(gitDir: string): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['--git-dir', gitDir, 'symbolic-ref', '--short', 'HEAD'], { timeout: 5000 });
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

export async function listRepositories(root: string): Promise<Repository[]> {
  const out: Repository[] = [];
  const owners = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const owner of owners.filter((d) => d.isDirectory() && NAME.test(d.name)).sort((a, b) => a.name.localeCompare(b.name))) {
    const repos = await readdir(path.join(root, owner.name), { withFileTypes: true }).catch(() => []);
    for (const repo of repos.filter((d) => d.isDirectory() && NAME.test(d.name)).sort((a, b) => a.name.localeCompare(b.name))) {
      const gitDir = await gitDirOf(path.join(root, owner.name, repo.name));
      if (!gitDir) continue;
      const name = repo.name.replace(/\.git$/, '');
      const full = `${owner.name}/${name}`;
      out.push({ id: repoId(full), name, owner: owner.name, full_name: full, default_branch: await defaultBranch(gitDir) });
    }
  }
  return out;
}

/** The repository's git directory; 404 when there is no such repository under the root. */
export async function repositoryGitDir(root: string, owner: string, repo: string): Promise<string> {
  if (!NAME.test(owner) || !NAME.test(repo) || owner.startsWith('.') || repo.startsWith('.')) {
    throw new HttpError(400, 'owner and repo may contain only letters, digits, dots, underscores and hyphens', 'VALIDATION');
  }
  for (const candidate of [repo, `${repo}.git`]) {
    const gitDir = await gitDirOf(path.join(root, owner, candidate));
    if (gitDir) return gitDir;
  }
  throw new HttpError(404, `Repository not found: ${owner}/${repo}`, 'NOT_FOUND');
}

export async function listGitBranches(root: string, owner: string, repo: string): Promise<GitBranch[]> {
  const gitDir = await repositoryGitDir(root, owner, repo);
  let stdout: string;
  try {
    ({ stdout } = await run('git', ['--git-dir', gitDir, 'for-each-ref', '--format=%(refname:short) %(objectname)', 'refs/heads'], { timeout: 10_000 }));
  } catch (err) {
    throw gitFailure(err, `${owner}/${repo}`);
  }
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const i = line.lastIndexOf(' ');
      return { name: line.slice(0, i), commit_sha: line.slice(i + 1) };
    });
}

/** A git run that failed, as an answer that names the repository but never a server path (git's own message does). */
function gitFailure(err: unknown, fullName: string): HttpError {
  const e = err as { code?: unknown; killed?: boolean };
  if (e.code === 'ENOENT') return new HttpError(503, 'Git is not installed on this server', 'GIT_UNAVAILABLE');
  if (e.killed) return new HttpError(503, `Reading the branches of ${fullName} took too long; try again`, 'GIT_TIMEOUT');
  return new HttpError(409, `Repository ${fullName} is not a readable git repository`, 'REPOSITORY_UNREADABLE');
}
