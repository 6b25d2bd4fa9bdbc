import path from 'node:path';
import { HttpError } from '@plinth/platform-core/deps';

/** Where the code-hosting integration finds repositories: PLINTH_GIT_ROOT, else <dataDir>/git. */
export function gitRoot(dataDir: string): string {
  if (process.env.PLINTH_GIT_ROOT) return path.resolve(process.env.PLINTH_GIT_ROOT);
  return path.resolve(dataDir, 'git');
}

/**
 * The repositories an organization's integration reaches: `<git root>/<organization slug>/<owner>/<repo>`.
 * Each organization has a folder of its own, as an installation of a code-hosting app sees only the
 * accounts it was installed on: no organization lists, reads or connects another's repositories.
 */
export function organizationGitRoot(dataDir: string, organizationSlug: string): string {
  const root = gitRoot(dataDir);
  const dir = path.resolve(root, organizationSlug);
  if (!/^[a-z0-9-]{1,64}$/.test(organizationSlug) || path.dirname(dir) !== root) {
    throw new HttpError(404, `Organization not found: ${organizationSlug}`, 'ORGANIZATION_NOT_FOUND');
  }
  return dir;
}
