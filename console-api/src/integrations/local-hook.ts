import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { signJwt, verifyJwt } from '@plinth/platform-core/jwt';

// The local code host's push hook. A repository on the server's disk has no GitHub to send a push
// webhook, so connecting one to a project puts a git hook in it: git runs `reference-transaction`
// whenever a ref changes (a commit in a work tree, a push into a bare repository), and ours sends each
// updated branch head to POST /api/webhooks/git/{organization}/{owner}/{repo}, which runs the
// repository's migrations on the preview branches following that git branch (webhook.ts). The hook
// carries a token for that one repository: a JWT (HS256, through the platform's jose wrapper) naming
// the organization and the repository, under a server secret.

export const HOOK_MARK = 'plinth-push-hook';
export const HOOK_SECRET_NAME = 'local-git-hook';

/** What the hook's token is for: nothing else signed under the same secret passes as one. */
const HOOK_AUDIENCE = 'plinth-git-hook';

const keyOf = (secret: Buffer) => secret.toString('base64url');

/** The token of one organization's repository (it lives as long as the connection: no expiry). */
export function repositoryHookToken(secret: Buffer, organizationSlug: string, fullName: string): Promise<string> {
  return signJwt({ aud: HOOK_AUDIENCE, org: organizationSlug, repo: fullName.toLowerCase() }, keyOf(secret));
}

/** Whether an Authorization header carries the repository's token (signature checked by jose). */
export async function validHookToken(secret: Buffer, organizationSlug: string, fullName: string, header: unknown): Promise<boolean> {
  if (typeof header !== 'string') return false;
  const m = /^Bearer (\S+)$/.exec(header);
  if (!m) return false;
  try {
    const claims = await verifyJwt(m[1]!, keyOf(secret), { requireExp: false });
    return claims.aud === HOOK_AUDIENCE && claims.org === organizationSlug && claims.repo === fullName.toLowerCase();
  } catch {
    return false;
  }
}

/** The Node script the hook runs: reads git's ref updates, sends each new branch head, prints what ran. */
function pushScript(url: string, token: string): string {
  return `// ${HOOK_MARK}: written by Plinth when this repository was connected to a project; safe to delete.
'use strict';
const url = ${JSON.stringify(url)};
const token = ${JSON.stringify(token)};
if (process.argv[2] !== 'committed') process.exit(0);
let input = '';
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', async () => {
  const heads = new Map();
  for (const line of input.split('\\n')) {
    const [, after, ref] = line.trim().split(' ');
    if (ref && ref.startsWith('refs/heads/') && /^[0-9a-f]{40}$/.test(after) && !/^0+$/.test(after)) heads.set(ref, after);
  }
  for (const [ref, after] of heads) {
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token }, body: JSON.stringify({ ref, after }), signal: AbortSignal.timeout(300000) });
      const body = await res.json().catch(() => ({}));
      if (!res.ok) console.error('Plinth: the push of ' + ref + ' was refused: ' + (body.message || res.status));
      else if (body.runs && body.runs.length) for (const run of body.runs) console.error('Plinth: ' + (run.ok ? 'ran' : 'FAILED running') + ' the migrations of ' + ref.slice(11) + ' on branch project ' + run.project_ref + (run.applied.length ? ' (applied ' + run.applied.join(', ') + ')' : ' (nothing new)'));
    } catch (err) {
      console.error('Plinth: could not reach ' + url + ': ' + err.message);
    }
  }
});
`;
}

/**
 * Puts the push hook in a repository's git directory (hooks/reference-transaction, a shell script that
 * runs hooks/plinth-push.cjs with this server's Node). A hook of the repository's own is kept: the
 * answer says the hook was not installed, and "Run migrations" on the branches page still works.
 */
export async function installPushHook(gitDir: string, url: string, token: string): Promise<boolean> {
  const hooks = path.join(gitDir, 'hooks');
  const hook = path.join(hooks, 'reference-transaction');
  const existing = await readFile(hook, 'utf8').catch(() => null);
  if (existing !== null && !existing.includes(HOOK_MARK)) return false;
  await mkdir(hooks, { recursive: true });
  await writeFile(path.join(hooks, 'plinth-push.cjs'), pushScript(url, token));
  // git runs the hook at each phase of every ref change (prepared, committed, aborted): Node starts only for committed ones.
  await writeFile(hook, `#!/bin/sh\n# ${HOOK_MARK}\n[ "$1" = committed ] || exit 0\nexec ${JSON.stringify(process.execPath)} "$(dirname "$0")/plinth-push.cjs" "$@"\n`);
  await chmod(hook, 0o755);
  return true;
}

/** Takes our push hook out of a repository (when its last connection goes); a hook of the repository's own is left alone. */
export async function removePushHook(gitDir: string): Promise<void> {
  const hook = path.join(gitDir, 'hooks', 'reference-transaction');
  const existing = await readFile(hook, 'utf8').catch(() => null);
  if (existing === null || !existing.includes(HOOK_MARK)) return;
  await rm(hook, { force: true });
  await rm(path.join(gitDir, 'hooks', 'plinth-push.cjs'), { force: true });
}
