import { verify } from '@octokit/webhooks-methods';
import { z } from 'zod';
import { HttpError, type RouteModule } from '@plinth/platform-core/deps';
import { loadServerSecret } from '@plinth/platform-core/csrf';
import { codeHostFromEnv } from './code-host';
import { HOOK_SECRET_NAME, validHookToken } from './local-hook';
import { keepRun, runMigrations } from './migrations';
import { IntegrationStore } from './store';

// GitHub's webhook deliveries (POST /webhooks/github, outside the console's cookie and CSRF scope):
// a delivery is authenticated by its X-Hub-Signature-256 alone, GitHub's HMAC-SHA256 of the raw body
// under the webhook secret (GITHUB_WEBHOOK_SECRET), checked by @octokit/webhooks-methods. A push to a git branch
// that preview branches follow runs the repository's supabase/migrations/*.sql at the pushed commit
// on each of them, with the run kept as the branches page shows it. A delivery id is handled once.

const SIGNATURE = /^sha256=[0-9a-f]{64}$/;
const GIT_NAME = z.string().min(1).max(100).regex(/^[A-Za-z0-9._-]+$/, 'must contain only letters, digits, dots, underscores and hyphens');

const PushSchema = z.object({
  ref: z.string().min(1).max(500),
  after: z.string().regex(/^[0-9a-f]{40}$/, 'after must be a commit id'),
  deleted: z.boolean().optional(),
  repository: z.object({ full_name: z.string().regex(/^[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+$/, 'repository.full_name must be owner/name') }),
  installation: z.object({ id: z.number().int() }).nullish(),
});

export interface WebhookRun {
  branch_id: string;
  project_ref: string;
  ok: boolean;
  applied: string[];
}

/** Whether `header` is GitHub's signature of `body` under `secret` (@octokit/webhooks-methods compares in constant time). */
export async function validGitHubSignature(secret: string, body: Buffer, header: unknown): Promise<boolean> {
  if (typeof header !== 'string' || !SIGNATURE.test(header) || body.length === 0) return false;
  return verify(secret, body.toString('utf8'), header);
}

export const githubWebhookRoutes: RouteModule = (fastify, deps) => {
  const store = new IntegrationStore(deps.control);
  const host = codeHostFromEnv(deps.services.config.dataDir);
  // The signature covers the bytes GitHub sent: keep them, and parse after checking.
  fastify.removeContentTypeParser(['application/json']);
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  /** Runs a pushed git branch's migrations at the pushed commit on the preview branches following it, for each connection of the repository. */
  const runPushOn = async (connections: { project_ref: string; organization_integration_id: string }[], owner: string, repo: string, gitBranch: string, after: string): Promise<WebhookRun[]> => {
    const runs: WebhookRun[] = [];
    for (const c of connections) {
      const branches = await deps.control.query<{ id: string; project_ref: string }>(
        'select id::text as id, project_ref from project_branches where parent_project_ref = $1 and git_branch = $2 order by created_at, id',
        [c.project_ref, gitBranch],
      );
      if (!branches.rows.length) continue;
      const integration = await store.get(String(c.organization_integration_id));
      const files = await host.readMigrations(integration, owner, repo, after);
      for (const b of branches.rows) {
        const status = await deps.services.projects.status(b.project_ref).catch(() => 'UNKNOWN');
        if (status !== 'ACTIVE_HEALTHY') {
          fastify.log.warn({ branch: b.id, status }, 'a pushed migration was not run on a branch that is not up');
          continue;
        }
        const entries = await runMigrations(await deps.databases.get(b.project_ref), files);
        const run = await keepRun(deps.control, b.project_ref, gitBranch, entries);
        runs.push({ branch_id: b.id, project_ref: b.project_ref, ok: run.ok, applied: entries.filter((e) => e.status === 'applied').map((e) => e.version) });
      }
    }
    return runs;
  };
  const ranMessage = (runs: WebhookRun[]) => (runs.length ? `Ran the migrations on ${runs.length} branch${runs.length === 1 ? '' : 'es'}` : 'No preview branch follows this git branch');

  const runPush = async (push: z.infer<typeof PushSchema>): Promise<WebhookRun[]> => {
    const [owner, repo] = push.repository.full_name.split('/') as [string, string];
    const connections = await deps.control.query<{ project_ref: string; organization_integration_id: string; installation_id: string | number | null }>(
      `select c.project_ref, c.organization_integration_id, i.installation_id from integration_connections c
       join org_integrations i on i.id = c.organization_integration_id
       where lower(c.foreign_project_id) = lower($1) and i.integration_name = 'GitHub'`,
      [push.repository.full_name],
    );
    // A delivery from one installation never runs on an organization that connected the repository through another.
    const mine = connections.rows.filter((c) => !(c.installation_id != null && push.installation?.id != null && Number(c.installation_id) !== push.installation.id));
    return runPushOn(mine, owner, repo, push.ref.slice('refs/heads/'.length), push.after);
  };

  // The local code host's push hook (local-hook.ts): a repository on the server's disk tells of its
  // new branch heads, authenticated by the token of that one repository of that one organization.
  const LocalPushSchema = z.object({
    ref: z.string().min(12).max(500).startsWith('refs/heads/', 'ref must be a branch (refs/heads/...)'),
    after: z.string().regex(/^[0-9a-f]{40}$/, 'after must be a commit id'),
  });
  const localParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,64}$/, 'slug must be an organization slug'), owner: GIT_NAME, repo: GIT_NAME });
  fastify.post('/webhooks/git/:slug/:owner/:repo', { bodyLimit: 64 * 1024, schema: { hide: true, params: localParams } }, async (req) => {
    if (host.kind !== 'local') throw new HttpError(404, 'This server reaches GitHub: pushes arrive as GitHub webhooks', 'NOT_FOUND');
    const { slug, owner, repo } = req.params as z.infer<typeof localParams>;
    const fullName = `${owner}/${repo}`;
    if (req.headers.authorization === undefined) throw new HttpError(401, 'The push carries no token: Authorization is missing', 'TOKEN_MISSING');
    if (!(await validHookToken(await loadServerSecret(deps.control, HOOK_SECRET_NAME), slug, fullName, req.headers.authorization))) {
      throw new HttpError(401, `The token is not the one of ${fullName}: connect the repository again to renew its hook`, 'TOKEN_INVALID');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse((Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)).toString('utf8'));
    } catch {
      throw new HttpError(400, 'The push body is not JSON', 'VALIDATION');
    }
    const push = LocalPushSchema.safeParse(parsed);
    if (!push.success) throw new HttpError(400, `${push.error.issues[0]?.path.join('.')}: ${push.error.issues[0]?.message}`, 'VALIDATION', String(push.error.issues[0]?.path[0] ?? ''));
    const connections = await deps.control.query<{ project_ref: string; organization_integration_id: string }>(
      `select c.project_ref, c.organization_integration_id from integration_connections c
       join org_integrations i on i.id = c.organization_integration_id
       where lower(c.foreign_project_id) = lower($1) and i.organization_slug = $2`,
      [fullName, slug],
    );
    const runs = await runPushOn(connections.rows, owner, repo, push.data.ref.slice('refs/heads/'.length), push.data.after);
    return { message: ranMessage(runs), runs };
  });

  fastify.post('/webhooks/github', { bodyLimit: 25 * 1024 * 1024, schema: { hide: true } }, async (req, reply) => {
    const secret = process.env.GITHUB_WEBHOOK_SECRET;
    if (!secret) throw new HttpError(503, 'GitHub webhooks are not set up on this server: set GITHUB_WEBHOOK_SECRET', 'WEBHOOKS_UNAVAILABLE');
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (req.headers['x-hub-signature-256'] === undefined) throw new HttpError(401, 'The delivery is not signed: X-Hub-Signature-256 is missing', 'SIGNATURE_MISSING');
    if (!(await validGitHubSignature(secret, body, req.headers['x-hub-signature-256']))) throw new HttpError(401, 'The delivery signature does not match its body', 'SIGNATURE_INVALID');

    const event = req.headers['x-github-event'];
    const delivery = req.headers['x-github-delivery'];
    if (typeof event !== 'string' || !/^[a-z_]{1,64}$/.test(event)) throw new HttpError(400, 'X-GitHub-Event is missing', 'VALIDATION');
    if (typeof delivery !== 'string' || !/^[A-Za-z0-9-]{1,100}$/.test(delivery)) throw new HttpError(400, 'X-GitHub-Delivery is missing', 'VALIDATION');
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) throw new HttpError(415, 'Set the webhook content type to application/json', 'UNSUPPORTED_MEDIA_TYPE');

    if (event === 'ping') return { message: 'pong', delivery, runs: [] };
    if (event !== 'push') return reply.code(202).send({ message: `The ${event} event is not used`, delivery, runs: [] });
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new HttpError(400, 'The delivery body is not JSON', 'VALIDATION');
    }
    const push = PushSchema.safeParse(parsed);
    if (!push.success) throw new HttpError(400, `The push is not one GitHub sends: ${push.error.issues[0]?.path.join('.')}: ${push.error.issues[0]?.message}`, 'VALIDATION');
    if (push.data.deleted || !push.data.ref.startsWith('refs/heads/')) return { message: 'Nothing to run for this push', delivery, runs: [] };

    // Claim the delivery: a redelivery of one already handled changes nothing.
    const claimed = await deps.control.query('insert into github_webhook_deliveries (id, event) values ($1, $2) on conflict (id) do nothing returning id', [delivery, event]);
    if (!claimed.rows.length) return { message: `Delivery ${delivery} was already handled`, delivery, runs: [] };
    try {
      const runs = await runPush(push.data);
      return { message: ranMessage(runs), delivery, runs };
    } catch (err) {
      // Not handled: GitHub's redelivery may try again.
      await deps.control.query('delete from github_webhook_deliveries where id = $1', [delivery]).catch(() => undefined);
      throw err;
    }
  });
};
