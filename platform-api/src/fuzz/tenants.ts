/**
 * A tenant for the fuzz: an Owner with an organization, an ACTIVE project, a private bucket holding
 * a file, a snippet, a table with a row and a policy on it, an MFA factor, and a code-hosting
 * integration with a connection. Names and contents carry the tenant's own random secret markers.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestHarness, TestUser } from '../testing/harness';

export interface Tenant {
  user: TestUser;
  /** Identifiers another tenant may send (they appear in its own requests and may be echoed back). */
  ids: {
    ref: string;
    slug: string;
    bucket: string;
    objectPath: string;
    snippetId: string;
    policyId: number;
    table: string;
    tableId: number;
    factorId: string;
    userId: string;
    integrationId: string;
    connectionId: string;
    owner: string;
    repo: string;
  };
  /** Buckets the tenant managed to create under hostile names ('..', '.'): none, when bucket names are checked. */
  hostileBuckets: string[];
  /** A signed link's token for the tenant's file (a bearer capability: only the tenant itself sends it). */
  signedToken: string;
  /** Strings that only this tenant's own answers may ever contain. */
  secrets: string[];
}

const HOSTILE_BUCKET_NAMES = ['..', '.', '...', '-', '.a'];

const marker = (label: string) => `${label}${randomBytes(8).toString('hex')}`;

export async function seedTenant(h: TestHarness, label: string): Promise<Tenant> {
  const m = marker(`fz${label}`);
  const user = await h.signUp();
  const api = user.api;
  const org = await api.organizations.create({ name: `Org ${m}o` });
  const project = await h.createProject(user, org.slug, `Project ${m}p`);
  const ref = project.ref;

  const bucket = `b-${m.toLowerCase()}`.slice(0, 60);
  await api.storage.createBucket(ref, { id: bucket, public: false });
  const objectPath = `docs/${m}-name.txt`;
  const fileBytes = `file bytes ${m}f`;
  await api.storage.uploadObject(ref, bucket, objectPath, new TextEncoder().encode(fileBytes), { contentType: 'text/plain' });

  const hostileBuckets: string[] = [];
  for (const id of HOSTILE_BUCKET_NAMES) {
    if (await api.storage.createBucket(ref, { id, public: false }).then(() => true, () => false)) hostileBuckets.push(id);
  }
  const signed = await api.storage.signUrl(ref, bucket, objectPath, 3600);
  const signedToken = new URL(signed.signedUrl, 'http://plinth.test').searchParams.get('token') ?? '';

  const snippet = await api.snippets.createSnippet(ref, { name: `Snippet ${m}s`, sql: `select '${m}q'` });

  const table = `t_${m.toLowerCase()}`;
  await api.database.runQuery(ref, { query: `create table public.${table} (id serial primary key, secret text); insert into public.${table} (secret) values ('${m}r');` });
  const tableId = (await api.database.listTables(ref, 'public')).find((t) => t.name === table)!.id;
  const policy = await api.database.createPolicy(ref, { name: `policy ${m}y`, table, definition: 'true' });

  const factor = await api.auth.enrolFactor({ friendly_name: `factor-${m}`.slice(0, 64) });

  // A repository on the server's disk (a bare layout is enough) for the tenant's connection.
  const owner = `own-${label}`;
  const repo = `repo-${m}`.slice(0, 60);
  const gitDir = path.join(h.dataDir, 'git', org.slug, owner, repo);
  await mkdir(path.join(gitDir, 'refs', 'heads'), { recursive: true });
  await mkdir(path.join(gitDir, 'objects'), { recursive: true });
  await writeFile(path.join(gitDir, 'HEAD'), 'ref: refs/heads/main\n');
  const integration = await api.integrations.createIntegration(org.slug, { integration_name: 'GitHub', account_name: `acct-${m}a` });
  const connection = await api.integrations.createConnection({
    organization_integration_id: integration.id,
    connection: { supabase_project_ref: ref, foreign_project_id: `${owner}/${repo}`, metadata: { name: `conn-${m}c` } },
  });

  return {
    user,
    ids: {
      ref,
      slug: org.slug,
      bucket,
      objectPath,
      snippetId: snippet.id,
      policyId: policy.id,
      table,
      tableId,
      factorId: factor.id,
      userId: user.id,
      integrationId: integration.id,
      connectionId: connection.id,
      owner,
      repo,
    },
    hostileBuckets,
    signedToken,
    // Names and contents: org, project, file bytes, snippet, table row, policy, factor, integration, connection.
    secrets: [`${m}o`, `${m}p`, `${m}f`, `${m}s`, `${m}q`, `${m}r`, `${m}y`, `${m}a`, `${m}c`, user.email],
  };
}

/** The tenant's identifier for a path parameter of `url` (by the parameter's name and the segment before it). */
export function idForParam(t: Tenant, url: string, name: string): string {
  const before = url.split(`:${name}`)[0] ?? '';
  switch (name) {
    case 'ref':
      return t.ids.ref;
    case 'slug':
      return t.ids.slug;
    case 'bucket':
      return t.ids.bucket;
    case '*':
      return t.ids.objectPath;
    case 'userId':
      return t.ids.userId;
    case 'integrationId':
      return t.ids.integrationId;
    case 'connectionId':
      return t.ids.connectionId;
    case 'owner':
      return t.ids.owner;
    case 'repo':
      return t.ids.repo;
    case 'id':
      if (before.endsWith('/buckets/')) return t.ids.bucket;
      if (before.endsWith('/policies/')) return String(t.ids.policyId);
      if (before.endsWith('/tables/')) return String(t.ids.tableId);
      if (before.endsWith('/content/')) return t.ids.snippetId;
      if (before.endsWith('/factors/')) return t.ids.factorId;
      return t.ids.snippetId;
    default:
      return t.ids.ref;
  }
}

/** Every identifier of the tenant, as strings (mixed into generated string fields). */
export function identifiers(t: Tenant): string[] {
  return Object.values(t.ids).map(String);
}
