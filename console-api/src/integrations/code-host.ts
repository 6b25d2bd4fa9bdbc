import type { GitBranch, OrganizationIntegration, Repository } from '@plinth/contracts-settings';
import { HttpError } from '@plinth/platform-core/deps';
import { importPKCS8, SignJWT } from 'jose';
import { listGitBranches, listRepositories, repositoryGitDir } from './git';
import { MIGRATION_FILE, repositoryMigrations, type MigrationFile } from './migrations';
import { organizationGitRoot } from './paths';

/**
 * Where an organization's integration finds repositories and their branches: local git
 * repositories on the server's disk (the default), or GitHub's REST API as a GitHub App when an
 * app id and private key are configured. Routes see only this interface.
 */
export interface CodeHost {
  readonly kind: 'local' | 'github';
  listRepositories(integration: OrganizationIntegration): Promise<Repository[]>;
  listBranches(integration: OrganizationIntegration, owner: string, repo: string): Promise<GitBranch[]>;
  /** Resolves when the integration reaches the repository; 404 otherwise. */
  requireRepository(integration: OrganizationIntegration, owner: string, repo: string): Promise<void>;
  /** The repository's supabase/migrations/<version>_<name>.sql files at a git branch or commit, in version order. */
  readMigrations(integration: OrganizationIntegration, owner: string, repo: string, rev: string): Promise<MigrationFile[]>;
  /** Where a browser installs the app for an account, carrying `state` back; null when nothing is installed (local repositories). */
  installUrl(state: string): string | null;
  /** The account (user or organization login) an installation of the app belongs to; 404 when GitHub does not know it. */
  installationAccount(installationId: number): Promise<string>;
}

/** Local git repositories under `<git root>/<organization slug>/<owner>/<repo>` (git.ts). */
export class LocalGitHost implements CodeHost {
  readonly kind = 'local' as const;
  constructor(private readonly dataDir: string) {}
  private root(integration: OrganizationIntegration) {
    return organizationGitRoot(this.dataDir, integration.organization_slug ?? '');
  }
  listRepositories(integration: OrganizationIntegration) {
    return listRepositories(this.root(integration));
  }
  listBranches(integration: OrganizationIntegration, owner: string, repo: string) {
    return listGitBranches(this.root(integration), owner, repo);
  }
  async requireRepository(integration: OrganizationIntegration, owner: string, repo: string) {
    await repositoryGitDir(this.root(integration), owner, repo);
  }
  async readMigrations(integration: OrganizationIntegration, owner: string, repo: string, rev: string) {
    return repositoryMigrations(await repositoryGitDir(this.root(integration), owner, repo), rev);
  }
  installUrl(): null {
    return null;
  }
  async installationAccount(): Promise<string> {
    throw new HttpError(409, 'This server reaches local repositories: there is no GitHub App to install', 'NO_GITHUB_APP');
  }
}

export interface GitHubAppOptions {
  appId: string;
  /** The app's private key (PEM, PKCS#8). */
  privateKey: string;
  /** https://api.github.com, or a stand-in's address. */
  apiUrl: string;
  /** The app's URL name (github.com/apps/<slug>), for its install page. */
  appSlug?: string;
  /** https://github.com, or a stand-in's address. */
  webUrl?: string;
  fetch?: typeof fetch;
}

/**
 * GitHub as a GitHub App: the app's JWT (RS256, signed with its private key by jose, issued by the
 * app id, valid ten minutes) buys an installation token per call batch; repositories are those the
 * installation (the integration's installation_id) was granted.
 */
export class GitHubAppHost implements CodeHost {
  readonly kind = 'github' as const;
  private key: Promise<CryptoKey> | null = null;
  constructor(private readonly o: GitHubAppOptions) {}

  /** The app's JWT (GitHub asks for iat a minute back against clock drift, and at most ten minutes of life). */
  async appJwt(): Promise<string> {
    this.key ??= importPKCS8(this.o.privateKey, 'RS256');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({}).setProtectedHeader({ alg: 'RS256' }).setIssuer(this.o.appId).setIssuedAt(now - 60).setExpirationTime(now + 540).sign(await this.key);
  }

  private async call<T>(path: string, auth: string, init: { method?: string } = {}): Promise<T> {
    const res = await (this.o.fetch ?? fetch)(new URL(path, this.o.apiUrl), {
      method: init.method ?? 'GET',
      headers: { accept: 'application/vnd.github+json', authorization: auth, 'x-github-api-version': '2022-11-28', 'user-agent': 'plinth' },
    }).catch(() => {
      throw new HttpError(503, 'GitHub could not be reached; try again', 'GITHUB_UNAVAILABLE');
    });
    if (res.status === 404) throw new HttpError(404, 'Not found on GitHub', 'NOT_FOUND');
    if (!res.ok) throw new HttpError(502, `GitHub answered ${res.status}`, 'GITHUB_ERROR');
    return (await res.json()) as T;
  }

  installUrl(state: string): string {
    if (!this.o.appSlug) throw new HttpError(503, 'GitHub App installs are not set up on this server: set GITHUB_APP_SLUG', 'GITHUB_APP_SLUG_MISSING');
    const url = new URL(`/apps/${encodeURIComponent(this.o.appSlug)}/installations/new`, this.o.webUrl ?? 'https://github.com');
    url.searchParams.set('state', state);
    return url.href;
  }

  async installationAccount(installationId: number): Promise<string> {
    const answer = await this.call<{ account?: { login?: string } | null }>(`/app/installations/${installationId}`, `Bearer ${await this.appJwt()}`);
    const login = answer.account?.login;
    if (!login) throw new HttpError(502, 'GitHub answered an installation without its account', 'GITHUB_ERROR');
    return login;
  }

  private async installationToken(integration: OrganizationIntegration): Promise<string> {
    const id = integration.metadata.installation_id;
    if (!id) throw new HttpError(409, 'This integration has no GitHub App installation; install the app for the account first', 'NO_INSTALLATION');
    const answer = await this.call<{ token: string }>(`/app/installations/${id}/access_tokens`, `Bearer ${await this.appJwt()}`, { method: 'POST' });
    return `token ${answer.token}`;
  }

  async listRepositories(integration: OrganizationIntegration): Promise<Repository[]> {
    const token = await this.installationToken(integration);
    const answer = await this.call<{ repositories: { id: number; name: string; full_name: string; owner: { login: string }; default_branch?: string | null }[] }>('/installation/repositories?per_page=100', token);
    return answer.repositories.map((r) => ({ id: r.id, name: r.name, owner: r.owner.login, full_name: r.full_name, default_branch: r.default_branch ?? null }));
  }

  async listBranches(integration: OrganizationIntegration, owner: string, repo: string): Promise<GitBranch[]> {
    const token = await this.installationToken(integration);
    try {
      const answer = await this.call<{ name: string; commit: { sha: string } }[]>(`/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/branches?per_page=100`, token);
      return answer.map((b) => ({ name: b.name, commit_sha: b.commit.sha }));
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) throw new HttpError(404, `Repository not found: ${owner}/${repo}`, 'NOT_FOUND');
      throw err;
    }
  }

  /**
   * The migration files at a branch or commit: the folder's listing from the contents API, then each
   * file's text from the git blobs API (which, unlike contents, serves files past 1 MB). No folder: none.
   */
  async readMigrations(integration: OrganizationIntegration, owner: string, repo: string, rev: string): Promise<MigrationFile[]> {
    const token = await this.installationToken(integration);
    const base = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
    let listing: { type: string; path: string; sha: string }[] | { type: string };
    try {
      listing = await this.call(`${base}/contents/supabase/migrations?ref=${encodeURIComponent(rev)}`, token);
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return [];
      throw err;
    }
    if (!Array.isArray(listing)) return [];
    const files = listing
      .filter((f) => f.type === 'file')
      .map((f) => ({ f, m: MIGRATION_FILE.exec(f.path) }))
      .filter((x): x is { f: { type: string; path: string; sha: string }; m: RegExpExecArray } => x.m !== null)
      .sort((a, b) => (BigInt(a.m[1]!) < BigInt(b.m[1]!) ? -1 : 1));
    const out: MigrationFile[] = [];
    for (const { f, m } of files) {
      const blob = await this.call<{ content: string; encoding: string }>(`${base}/git/blobs/${encodeURIComponent(f.sha)}`, token);
      const sql = blob.encoding === 'base64' ? Buffer.from(blob.content, 'base64').toString('utf8') : blob.content;
      out.push({ version: m[1]!, name: m[2]!, sql });
    }
    return out;
  }

  async requireRepository(integration: OrganizationIntegration, owner: string, repo: string): Promise<void> {
    const full = `${owner}/${repo}`.toLowerCase();
    if (!(await this.listRepositories(integration)).some((r) => r.full_name.toLowerCase() === full)) throw new HttpError(404, `Repository not found: ${owner}/${repo}`, 'NOT_FOUND');
  }
}

/** GitHub when GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY are set (GITHUB_API_URL, GITHUB_WEB_URL: other addresses; GITHUB_APP_SLUG: the app's install page), else local git repositories. */
export function codeHostFromEnv(dataDir: string, env: NodeJS.ProcessEnv = process.env): CodeHost {
  if (env.GITHUB_APP_ID && env.GITHUB_APP_PRIVATE_KEY) {
    return new GitHubAppHost({
      appId: env.GITHUB_APP_ID,
      privateKey: env.GITHUB_APP_PRIVATE_KEY.replace(/\\n/g, '\n'),
      apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
      appSlug: env.GITHUB_APP_SLUG,
      webUrl: env.GITHUB_WEB_URL ?? 'https://github.com',
    });
  }
  return new LocalGitHost(dataDir);
}
