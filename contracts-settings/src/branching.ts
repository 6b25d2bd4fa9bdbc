import * as z from '@plinth/shared-contracts/zod';
import { encodePath, type Http } from '@plinth/shared-contracts';
import { gitRefName, IntegrationNameSchema, OrganizationIntegrationSchema, ProjectBranchSchema } from './integrations';

// Branching of a project (000 §2.6, §3 is_branch_enabled; 001 §7): enabling it with the git branch
// production follows, and a preview branch's reset to its parent and deletion. Branches are listed
// and created with the integrations client (GET/POST /v1/projects/{ref}/branches).

/** A project's branching: on with the git branch its production follows, or off. */
export const BranchingSchema = z.object({
  is_branch_enabled: z.boolean(),
  /** The git branch of the connected repository that production follows; null when branching is off. */
  git_branch: z.nullable(z.string()),
});
export type Branching = z.infer<typeof BranchingSchema>;

export const BranchingEnableSchema = z.object({ git_branch: gitRefName });
export type BranchingEnable = z.input<typeof BranchingEnableSchema>;

export const BranchDeletedSchema = z.object({ message: z.string() });

/** A preview branch as the branching routes answer it: a project branch, and whether the parent's rows were copied. */
export const PreviewBranchSchema = z.object({
  ...ProjectBranchSchema.shape,
  /** The branch's database was copied with its parent's rows (false: the schema alone). */
  with_data: z.boolean(),
});
export type PreviewBranch = z.infer<typeof PreviewBranchSchema>;

/** Create a preview branch: a copy of the parent's database, the schema by default, the rows too on request. */
export const PreviewBranchCreateSchema = z.object({
  branch_name: gitRefName,
  git_branch: z.optional(gitRefName),
  region: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(50)), 'local'),
  /** Copy the parent's rows too; by default the branch gets the parent's schema with every table empty. */
  with_data: z._default(z.boolean(), false),
});
export type PreviewBranchCreate = z.input<typeof PreviewBranchCreateSchema>;

/** Install an integration for an organization, with the GitHub App installation its repositories come from. */
export const IntegrationInstallSchema = z.object({
  integration_name: z._default(IntegrationNameSchema, 'GitHub'),
  account_name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  /** GitHub App: the installation of the app for the account (its repositories are what the integration reaches). */
  installation_id: z.optional(z.number().check(z.int(), z.gte(1))),
});
export type IntegrationInstall = z.input<typeof IntegrationInstallSchema>;

/**
 * Where the browser goes to install the GitHub App for an account (GitHub then sends it back to the
 * console's setup address); null when the server reaches local repositories and nothing is installed.
 */
export const GitHubInstallLinkSchema = z.object({ url: z.nullable(z.string()) });
export type GitHubInstallLink = z.infer<typeof GitHubInstallLinkSchema>;


/** React Query keys of branching (taken into an area's keys beside settingsQueryKeys). */
export const branchingQueryKeys = {
  branching: (ref: string) => ['projects', ref, 'branching'] as const,
};

/** A migration file of the repository (supabase/migrations/<version>_<name>.sql) as recorded in a database. */
export const BranchMigrationSchema = z.object({ version: z.string(), name: z.string(), statements: z.array(z.string()) });
export type BranchMigration = z.infer<typeof BranchMigrationSchema>;

/** One run of the repository's migrations on a branch, with its log. */
export const MigrationRunSchema = z.object({
  id: z.string(),
  ran_at: z.string(),
  git_branch: z.string(),
  ok: z.boolean(),
  entries: z.array(
    z.object({
      version: z.string(),
      name: z.string(),
      status: z.enum(['applied', 'failed']),
      error: z.optional(z.string()),
    }),
  ),
});
export type MigrationRun = z.infer<typeof MigrationRunSchema>;

/** What merging a branch into its parent would do: the branch's migrations the parent lacks, and what stands in the way. */
export const MergePreviewSchema = z.object({
  migrations: z.array(BranchMigrationSchema),
  /** Migrations the parent has and the branch does not (or has with other statements): the merge is refused while there are any. */
  conflicts: z.array(z.string()),
});
export type MergePreview = z.infer<typeof MergePreviewSchema>;
export const MergeResultSchema = z.object({ applied: z.array(z.string()) });

export function createBranchingClient(http: Http) {
  return {
    getBranching: (ref: string) => http('GET', encodePath`/v1/projects/${ref}/branching`, { schema: BranchingSchema }),
    enableBranching: (ref: string, body: BranchingEnable) => http('POST', encodePath`/v1/projects/${ref}/branching`, { body, schema: BranchingSchema }),
    disableBranching: (ref: string) => http('DELETE', encodePath`/v1/projects/${ref}/branching`, { schema: BranchingSchema }),
    /** The branch's database made again as a copy of its parent's (as at creation: schema, or rows too). */
    resetBranch: (branchId: string) => http('POST', encodePath`/v1/branches/${branchId}/reset`, { body: {}, schema: PreviewBranchSchema }),
    listPreviewBranches: (ref: string) => http('GET', encodePath`/v1/projects/${ref}/branches`, { schema: z.array(PreviewBranchSchema) }),
    createPreviewBranch: (ref: string, body: PreviewBranchCreate) => http('POST', encodePath`/v1/projects/${ref}/branches`, { body, schema: PreviewBranchSchema }),
    /** Installs an integration with its GitHub App installation (the integrations client's createIntegration, with installation_id). */
    installIntegration: (slug: string, body: IntegrationInstall) => http('POST', encodePath`/platform/integrations/${slug}`, { body, schema: OrganizationIntegrationSchema }),
    /** The GitHub App's install address for the organization (a link bound to the caller, for an hour), or null with local repositories. */
    githubInstallLink: (slug: string) => http('POST', encodePath`/platform/integrations/${slug}/github/install-link`, { schema: GitHubInstallLinkSchema }),
    /** The branch's project, database, files and keys go. */
    deleteBranch: (branchId: string) => http('DELETE', encodePath`/v1/branches/${branchId}`, { schema: BranchDeletedSchema }),
    /** Runs the connected git branch's new migration files on the branch, in order (what a push does). */
    runMigrations: (branchId: string) => http('POST', encodePath`/v1/branches/${branchId}/migrations`, { body: {}, schema: MigrationRunSchema }),
    listMigrationRuns: (branchId: string) => http('GET', encodePath`/v1/branches/${branchId}/migrations`, { schema: z.array(MigrationRunSchema) }),
    mergePreview: (branchId: string) => http('GET', encodePath`/v1/branches/${branchId}/merge`, { schema: MergePreviewSchema }),
    /** Applies the branch's migrations to the parent in one transaction; 409 on a conflict. */
    merge: (branchId: string) => http('POST', encodePath`/v1/branches/${branchId}/merge`, { body: {}, schema: MergeResultSchema }),
  };
}
