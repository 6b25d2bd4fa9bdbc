import * as z from '@plinth/shared-contracts/zod';
import { encodePath, type Http } from '@plinth/shared-contracts';

// Organization integrations, repository connections and branching (spec 000 §2.6, §3, §7.3, §8;
// 001 §3, §7, §8). Served under /api/platform/integrations/... and /api/v1/projects/{ref}/branches.

export const INTEGRATION_NAMES = ['GitHub', 'Vercel'] as const;
export const IntegrationNameSchema = z.enum(INTEGRATION_NAMES);
export type IntegrationName = z.infer<typeof IntegrationNameSchema>;

/** Texts of 000 §8 and 001 §8, word for word. */
export const INTEGRATION_MESSAGES = {
  branchesFailed: 'Failed to retrieve Github branches',
  integrationsFailed: 'Failed to retrieve integrations',
  branchCreated: 'Successfully created new branch.',
  branchCreateFailed: (message: string) => `Failed to create branch: ${message}`,
  deleteConnectionFailed: (message: string) => `Failed to delete Github connection: ${message}`,
  noBranchSelected: 'No branch selected',
  projectRefRequired: 'Project ref is required',
} as const;

const userRef = z.object({ id: z.string(), username: z.string(), primary_email: z.string() });

export const IntegrationConnectionSchema = z.object({
  id: z.string(),
  organization_integration_id: z.string(),
  /** The project ref the connection binds to. */
  supabase_project_ref: z.string(),
  /** The repository's full name (owner/repo) for GitHub. */
  foreign_project_id: z.string(),
  metadata: z.object({ name: z.string(), framework: z.optional(z.nullable(z.string())) }),
  inserted_at: z.string(),
  updated_at: z.optional(z.string()),
  added_by: userRef,
});
export type IntegrationConnection = z.infer<typeof IntegrationConnectionSchema>;

export const OrganizationIntegrationSchema = z.object({
  id: z.string(),
  integration: z.object({ name: IntegrationNameSchema }),
  organization_id: z.number().check(z.int()),
  organization_slug: z.optional(z.string()),
  connections: z.array(IntegrationConnectionSchema),
  metadata: z.object({
    account: z.object({ name: z.string(), avatar_url: z.nullable(z.string()), type: z.enum(['User', 'Organization']) }),
    gitHubConnectionOwner: z.optional(z.nullable(z.string())),
    configuration_id: z.optional(z.nullable(z.string())),
    installation_id: z.optional(z.nullable(z.number())),
  }),
  inserted_at: z.string(),
  added_by: userRef,
});
export type OrganizationIntegration = z.infer<typeof OrganizationIntegrationSchema>;

/** Installs an integration for an organization (here: the server's local git root). */
export const IntegrationCreateSchema = z.object({
  integration_name: z._default(IntegrationNameSchema, 'GitHub'),
  account_name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
});
export type IntegrationCreate = z.input<typeof IntegrationCreateSchema>;

export const RepositorySchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  owner: z.string(),
  full_name: z.string(),
  default_branch: z.nullable(z.string()),
});
export type Repository = z.infer<typeof RepositorySchema>;
export const RepositoryListSchema = z.object({ repositories: z.array(RepositorySchema) });

export const GitBranchSchema = z.object({ name: z.string(), commit_sha: z.string() });
export type GitBranch = z.infer<typeof GitBranchSchema>;

export const ConnectionCreateSchema = z.object({
  organization_integration_id: z.string().check(z.uuid('organization_integration_id must be an integration id')),
  connection: z.object({
    supabase_project_ref: z.string().check(z.minLength(1), z.maxLength(64)),
    /** owner/repo */
    foreign_project_id: z.string().check(z.regex(/^[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+$/, 'foreign_project_id must be owner/repo')),
    metadata: z.prefault(
      z.object({ name: z.optional(z.string().check(z.maxLength(200))), framework: z.nullish(z.string().check(z.maxLength(50))) }),
      {},
    ),
  }),
});
export type ConnectionCreate = z.input<typeof ConnectionCreateSchema>;

export const ProjectBranchSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The branch's own project. */
  project_ref: z.string(),
  parent_project_ref: z.string(),
  is_default: z.boolean(),
  git_branch: z.nullable(z.string()),
  region: z.string(),
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectBranch = z.infer<typeof ProjectBranchSchema>;

export const gitRefName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1),
    z.maxLength(200),
    z.refine((s) => !s.startsWith('-') && !s.includes('..') && !/[\s~^:?*[\\]/.test(s), 'must be a valid git branch name'),
  );

export const BranchCreateSchema = z.object({
  branch_name: gitRefName,
  git_branch: z.optional(gitRefName),
  region: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(50)), 'local'),
});
export type BranchCreate = z.input<typeof BranchCreateSchema>;

export function createIntegrationsClient(http: Http) {
  return {
    listIntegrations: (slug: string) =>
      http('GET', encodePath`/platform/integrations/${slug}`, { schema: z.array(OrganizationIntegrationSchema) }),
    createIntegration: (slug: string, body: IntegrationCreate = {}) =>
      http('POST', encodePath`/platform/integrations/${slug}`, { body, schema: OrganizationIntegrationSchema }),
    listRepositories: (integrationId: string) =>
      http('GET', encodePath`/platform/integrations/github/repositories/${integrationId}`, { schema: RepositoryListSchema }),
    listGitBranches: (integrationId: string, owner: string, repo: string) =>
      http('GET', encodePath`/platform/integrations/github/branches/${integrationId}/${owner}/${repo}`, { schema: z.array(GitBranchSchema) }),
    createConnection: (body: ConnectionCreate) =>
      http('POST', '/platform/integrations/github/connections', { body, schema: IntegrationConnectionSchema }),
    deleteConnection: (connectionId: string) =>
      http('DELETE', encodePath`/platform/integrations/github/connections/${connectionId}`, { schema: z.object({ message: z.string() }) }),
    listBranches: (ref: string) => http('GET', encodePath`/v1/projects/${ref}/branches`, { schema: z.array(ProjectBranchSchema) }),
    createBranch: (ref: string, body: BranchCreate) =>
      http('POST', encodePath`/v1/projects/${ref}/branches`, { body, schema: ProjectBranchSchema }),
  };
}
