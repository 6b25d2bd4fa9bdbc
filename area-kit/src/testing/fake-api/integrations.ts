import {
  BranchCreateSchema,
  BranchingEnableSchema,
  BranchingSchema,
  ConnectionCreateSchema,
  MergePreviewSchema,
  MigrationRunSchema,
  GitBranchSchema,
  GitHubInstallLinkSchema,
  IntegrationConnectionSchema,
  IntegrationInstallSchema,
  OrganizationIntegrationSchema,
  PreviewBranchCreateSchema,
  PreviewBranchSchema,
  ProjectBranchSchema,
  RepositoryListSchema,
  type createBranchingClient,
  type createIntegrationsClient,
  type GitBranch,
  type IntegrationName,
  type MergePreview,
  type MigrationRun,
  type OrganizationIntegration,
  type PreviewBranch,
  type Repository,
} from '@plinth/contracts-settings';
import { ME, ORGANIZATION } from '../fixtures';
import { answer, answerEach, refuse, type Handlers } from './fake-client';

type IntegrationsClient = ReturnType<typeof createIntegrationsClient>;
type BranchingClient = ReturnType<typeof createBranchingClient>;

export interface IntegrationsState {
  /** The organization's installed integrations, with their repository connections. */
  integrations: OrganizationIntegration[];
  /** The repositories every integration reaches (none unless said). */
  repositories?: Repository[];
  /** The git branches of each repository, by its full name (owner/repo). */
  gitBranches?: Record<string, GitBranch[]>;
  /** Projects whose branching is on, with the git branch production follows. */
  branching?: Record<string, string>;
  /** Preview branches of every project. */
  projectBranches?: PreviewBranch[];
  /** The migration runs of each branch (by branch id), newest first; a run adds `nextMigrationRun` (or an empty run). */
  migrationRuns?: Record<string, MigrationRun[]>;
  nextMigrationRun?: MigrationRun;
  /** What merging each branch (by id) would apply; none unless said. */
  mergePreviews?: Record<string, MergePreview>;
  /** The GitHub App's install page when the server is in GitHub mode; none (local repositories) unless said. */
  githubInstallUrl?: string;
}

let counter = 0;
const uuid = (n: number, group = '1000') => `${group.padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** An installed integration of the test organization (GitHub unless said otherwise), no connections yet. */
export function organizationIntegration(name: IntegrationName = 'GitHub', over: Partial<OrganizationIntegration> = {}): OrganizationIntegration {
  counter += 1;
  return answer(OrganizationIntegrationSchema, {
    id: `10000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    integration: { name },
    organization_id: ORGANIZATION.id,
    organization_slug: ORGANIZATION.slug,
    connections: [],
    metadata: { account: { name: 'acme', avatar_url: null, type: 'Organization' } },
    inserted_at: '2026-01-01T00:00:00Z',
    added_by: { id: ME.id, username: ME.username, primary_email: ME.email },
    ...over,
  });
}

/** A repository the integrations reach. */
export function repository(fullName: string, defaultBranch = 'main'): Repository {
  const [owner = '', name = ''] = fullName.split('/');
  counter += 1;
  return { id: counter, name, owner, full_name: fullName, default_branch: defaultBranch };
}

/** A preview branch of a project (ACTIVE_HEALTHY, schema only unless said). */
export function projectBranch(parentRef: string, name: string, over: Partial<PreviewBranch> = {}): PreviewBranch {
  counter += 1;
  return answer(PreviewBranchSchema, {
    id: uuid(counter, '2000'),
    name,
    project_ref: `branch${String(counter).padStart(14, '0')}`,
    parent_project_ref: parentRef,
    is_default: false,
    git_branch: null,
    region: 'local',
    status: 'ACTIVE_HEALTHY',
    with_data: false,
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
    ...over,
  });
}

/**
 * The organization's integrations, as /platform/integrations/{slug} answers them (installing one adds
 * it once), their repositories and git branches, connections (one per project and integration) and
 * the projects' preview branches.
 */
export function integrationHandlers(state: IntegrationsState): Handlers<IntegrationsClient> {
  const integration = (id: string) => state.integrations.find((i) => i.id === id) ?? refuse(404, `Integration not found: ${id}`, 'NOT_FOUND');
  return {
    listIntegrations: () => state.integrations.map((i) => answer(OrganizationIntegrationSchema, i)),
    createIntegration: (_slug, body = {}) => {
      const name = body.integration_name ?? 'GitHub';
      if (state.integrations.some((i) => i.integration.name === name)) refuse(409, `${name} is already installed`);
      const added = organizationIntegration(name);
      state.integrations = [...state.integrations, added];
      return added;
    },
    listRepositories: (id) => {
      integration(id);
      return answer(RepositoryListSchema, { repositories: state.repositories ?? [] });
    },
    listGitBranches: (id, owner, repo) => {
      integration(id);
      const branches = state.gitBranches?.[`${owner}/${repo}`];
      if (!branches) refuse(404, `Repository not found: ${owner}/${repo}`, 'NOT_FOUND');
      return answerEach(GitBranchSchema, branches);
    },
    createConnection: (body) => {
      const parsed = ConnectionCreateSchema.parse(body);
      const found = integration(parsed.organization_integration_id);
      if (found.connections.some((c) => c.supabase_project_ref === parsed.connection.supabase_project_ref)) refuse(409, 'This project is already connected to a repository through this integration', 'CONFLICT');
      counter += 1;
      const made = answer(IntegrationConnectionSchema, {
        id: uuid(counter, '3000'),
        organization_integration_id: found.id,
        supabase_project_ref: parsed.connection.supabase_project_ref,
        foreign_project_id: parsed.connection.foreign_project_id,
        metadata: { name: parsed.connection.metadata.name ?? parsed.connection.foreign_project_id.split('/')[1], framework: null },
        inserted_at: '2026-01-02T09:00:00Z',
        added_by: { id: ME.id, username: ME.username, primary_email: ME.email },
      });
      state.integrations = state.integrations.map((i) => (i.id === found.id ? { ...i, connections: [...i.connections, made] } : i));
      return made;
    },
    deleteConnection: (id) => {
      const owner = state.integrations.find((i) => i.connections.some((c) => c.id === id)) ?? refuse(404, `Connection not found: ${id}`, 'NOT_FOUND');
      const conn = owner.connections.find((c) => c.id === id)!;
      state.integrations = state.integrations.map((i) => (i.id === owner.id ? { ...i, connections: i.connections.filter((c) => c.id !== id) } : i));
      return { message: `Deleted connection of ${conn.foreign_project_id} to project ${conn.supabase_project_ref}` };
    },
    listBranches: (ref) => answerEach(ProjectBranchSchema, (state.projectBranches ?? []).filter((b) => b.parent_project_ref === ref)),
    createBranch: (ref, body) => {
      const parsed = BranchCreateSchema.safeParse(body);
      if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? 'Invalid branch');
      if ((state.projectBranches ?? []).some((b) => b.parent_project_ref === ref && b.name === parsed.data.branch_name)) {
        refuse(409, `A branch named ${parsed.data.branch_name} already exists for this project`, 'CONFLICT');
      }
      const made = projectBranch(ref, parsed.data.branch_name, { git_branch: parsed.data.git_branch ?? null, region: parsed.data.region, with_data: false });
      state.projectBranches = [...(state.projectBranches ?? []), made];
      state.branching = { ...state.branching, [ref]: state.branching?.[ref] ?? 'main' };
      return made;
    },
  };
}

/** Branching of a project (on with a git branch of its connected repository), reset and deletion of branches. */
export function branchingHandlers(state: IntegrationsState): Handlers<BranchingClient> {
  const branching = (ref: string) => answer(BranchingSchema, { is_branch_enabled: state.branching?.[ref] !== undefined, git_branch: state.branching?.[ref] ?? null });
  const branch = (id: string) => (state.projectBranches ?? []).find((b) => b.id === id) ?? refuse(404, `Branch not found: ${id}`, 'NOT_FOUND');
  return {
    getBranching: (ref) => branching(ref),
    listPreviewBranches: (ref) => answerEach(PreviewBranchSchema, (state.projectBranches ?? []).filter((b) => b.parent_project_ref === ref)),
    createPreviewBranch: (ref, body) => {
      const parsed = PreviewBranchCreateSchema.safeParse(body);
      if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? 'Invalid branch');
      if ((state.projectBranches ?? []).some((b) => b.parent_project_ref === ref && b.name === parsed.data.branch_name)) {
        refuse(409, `A branch named ${parsed.data.branch_name} already exists for this project`, 'CONFLICT');
      }
      const made = projectBranch(ref, parsed.data.branch_name, { git_branch: parsed.data.git_branch ?? null, region: parsed.data.region, with_data: parsed.data.with_data });
      state.projectBranches = [...(state.projectBranches ?? []), made];
      state.branching = { ...state.branching, [ref]: state.branching?.[ref] ?? 'main' };
      return made;
    },
    githubInstallLink: () => answer(GitHubInstallLinkSchema, { url: state.githubInstallUrl ?? null }),
    installIntegration: (_slug, body) => {
      const parsed = IntegrationInstallSchema.parse(body);
      if (state.integrations.some((i) => i.integration.name === parsed.integration_name)) refuse(409, `${parsed.integration_name} is already installed`);
      const added = organizationIntegration(parsed.integration_name, { metadata: { account: { name: 'acme', avatar_url: null, type: 'Organization' }, installation_id: parsed.installation_id ?? null } });
      state.integrations = [...state.integrations, added];
      return added;
    },
    enableBranching: (ref, body) => {
      const parsed = BranchingEnableSchema.safeParse(body);
      if (!parsed.success) refuse(400, `git_branch: ${parsed.error.issues[0]?.message ?? 'required'}`);
      const conn = state.integrations.flatMap((i) => i.connections).find((c) => c.supabase_project_ref === ref);
      if (!conn) refuse(400, 'Connect a repository to this project before branching from a git branch', 'VALIDATION');
      if (!(state.gitBranches?.[conn.foreign_project_id] ?? []).some((b) => b.name === parsed.data.git_branch)) refuse(400, `git_branch: no branch ${parsed.data.git_branch} in ${conn.foreign_project_id}`, 'VALIDATION');
      state.branching = { ...state.branching, [ref]: parsed.data.git_branch };
      return branching(ref);
    },
    disableBranching: (ref) => {
      if ((state.projectBranches ?? []).some((b) => b.parent_project_ref === ref)) refuse(409, 'This project has preview branches; delete them before disabling branching', 'HAS_BRANCHES');
      const { [ref]: _gone, ...rest } = state.branching ?? {};
      state.branching = rest;
      return branching(ref);
    },
    resetBranch: (id) => answer(PreviewBranchSchema, { ...branch(id), updated_at: '2026-01-03T10:00:00Z' }),
    runMigrations: (id) => {
      const b = branch(id);
      if (!b.git_branch) refuse(400, 'This branch follows no git branch: create it from one to run its migrations', 'VALIDATION');
      const made = answer(MigrationRunSchema, state.nextMigrationRun ?? { id: uuid(++counter, '4000'), ran_at: '2026-01-03T11:00:00Z', git_branch: b.git_branch, ok: true, entries: [] });
      state.migrationRuns = { ...state.migrationRuns, [id]: [made, ...(state.migrationRuns?.[id] ?? [])] };
      return made;
    },
    listMigrationRuns: (id) => {
      branch(id);
      return (state.migrationRuns?.[id] ?? []).map((r) => answer(MigrationRunSchema, r));
    },
    mergePreview: (id) => {
      branch(id);
      return answer(MergePreviewSchema, state.mergePreviews?.[id] ?? { migrations: [], conflicts: [] });
    },
    merge: (id) => {
      branch(id);
      const preview = state.mergePreviews?.[id] ?? { migrations: [], conflicts: [] };
      if (preview.conflicts.length) refuse(409, `The main project has migrations this branch does not: ${preview.conflicts.join(', ')}; reset the branch, then merge again`, 'MERGE_CONFLICT');
      state.mergePreviews = { ...state.mergePreviews, [id]: { migrations: [], conflicts: [] } };
      return { applied: preview.migrations.map((m) => m.version) };
    },
    deleteBranch: (id) => {
      const gone = branch(id);
      state.projectBranches = (state.projectBranches ?? []).filter((b) => b.id !== id);
      return { message: `Deleted branch ${gone.name}` };
    },
  };
}
