/**
 * Permission keys and which member role holds which (spec 000 §6, 001 §6).
 * The API enforces these; screens only mirror them as disabled controls with tooltips.
 */
export const MEMBER_ROLES = ['Owner', 'Administrator', 'Developer', 'Read-only'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const PERMISSIONS = {
  /** Create, edit, delete RLS policies; toggle RLS; create and alter tables. */
  TENANT_SQL_ADMIN_WRITE: 'tenant_sql_admin_write',
  /** Open the table editor, read tables, policies, schemas and roles. */
  SQL_ADMIN_READ: 'sql_admin_read',
  /** Run arbitrary SQL in the SQL editor. */
  SQL_QUERY_RUN: 'sql_query_run',
  /** Restore a paused project ("infra execute on initialising or resuming projects"). */
  INFRA_EXECUTE_RESUME: 'infra_execute_resume',
  /** Pause a project, change its settings, create projects in the organization. */
  PROJECTS_WRITE: 'projects_write',
  /** Read logs ("analytics read on logs"). */
  ANALYTICS_READ_LOGS: 'analytics_read_logs',
  /** Create buckets, bucket menu, upload, create folder, rename, move, delete, storage settings. */
  STORAGE_ADMIN_WRITE: 'storage_admin_write',
  /** Browse buckets and files, get URLs, download. */
  STORAGE_ADMIN_READ: 'storage_admin_read',
  /** Create SQL snippets owned by the user ("create on user content owned by the user"). */
  USER_CONTENT_CREATE: 'user_content_create',
  /** Reveal the service_role key and read API keys. */
  SERVICE_API_KEYS_READ: 'service_api_keys_read',
  /** Change the organization's subscription. */
  BILLING_WRITE_SUBSCRIPTIONS: 'billing_write_subscriptions',
  /** Read billing, usage and invoices. */
  BILLING_READ: 'billing_read',
  /** Invite, remove and change roles of members. */
  MEMBERS_WRITE: 'members_write',
  /** Connect integrations, create branches, delete connections. */
  INTEGRATIONS_WRITE: 'integrations_write',
} as const;

export type PermissionKey = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];
export const ALL_PERMISSIONS: readonly PermissionKey[] = Object.values(PERMISSIONS);

const P = PERMISSIONS;
const READ_ONLY: readonly PermissionKey[] = [P.SQL_ADMIN_READ, P.ANALYTICS_READ_LOGS, P.STORAGE_ADMIN_READ, P.BILLING_READ];
const DEVELOPER: readonly PermissionKey[] = [
  ...READ_ONLY,
  P.TENANT_SQL_ADMIN_WRITE,
  P.SQL_QUERY_RUN,
  P.INFRA_EXECUTE_RESUME,
  P.STORAGE_ADMIN_WRITE,
  P.USER_CONTENT_CREATE,
  P.SERVICE_API_KEYS_READ,
  P.INTEGRATIONS_WRITE,
];
const ADMINISTRATOR: readonly PermissionKey[] = [...DEVELOPER, P.PROJECTS_WRITE, P.MEMBERS_WRITE];

/** The permission table: each role and the keys it holds. */
export const ROLE_PERMISSIONS: Record<MemberRole, readonly PermissionKey[]> = {
  Owner: ALL_PERMISSIONS,
  Administrator: ADMINISTRATOR,
  Developer: DEVELOPER,
  'Read-only': READ_ONLY,
};

export function roleHasPermission(role: MemberRole, permission: PermissionKey): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Every role an organization member can hold (1.7.0), as data: the four of MEMBER_ROLES and the
 * roles added since (Billing admin, 001 §6). MEMBER_ROLES stays the closed list builds of 1.6 and
 * earlier parse; an answer they read carries a member's role as `legacyMemberRole` of it, and the
 * role itself in `organization_role` (organizations.ts). A new role is a new entry here, a minor.
 */
export const ORGANIZATION_ROLES = [...MEMBER_ROLES, 'Billing admin'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

export function isOrganizationRole(role: string): role is OrganizationRole {
  return (ORGANIZATION_ROLES as readonly string[]).includes(role);
}

/** Each organization role and the keys it holds (the four of ROLE_PERMISSIONS, unchanged, and the roles added since). */
export const ORGANIZATION_ROLE_PERMISSIONS: Record<OrganizationRole, readonly PermissionKey[]> = {
  ...ROLE_PERMISSIONS,
  /** The subscription, payment methods, invoices, usage and tax ids; no project's data. */
  'Billing admin': [P.BILLING_READ, P.BILLING_WRITE_SUBSCRIPTIONS],
};

/**
 * Roles that see the organization and its billing but no project's data: the API refuses them
 * every project call that names no permission they hold (the project's database, storage, logs,
 * settings, snippets, branches), and answers only the project's own record and status.
 */
export const ROLES_WITHOUT_PROJECT_DATA: readonly OrganizationRole[] = ['Billing admin'];

/** What each role may do, in the words the team page shows beside it in the role menus. */
export const ORGANIZATION_ROLE_DESCRIPTIONS: Record<OrganizationRole, string> = {
  Owner: 'Everything, including the organization itself, its billing and its Owners.',
  Administrator: 'Everything in every project, and the members, except the Owner role and billing changes.',
  Developer: 'Works in the projects: tables, SQL, storage, API keys, integrations. No members or billing changes.',
  'Read-only': 'Reads the projects, their logs and the billing; changes nothing.',
  'Billing admin': 'The subscription, payment methods, invoices, usage and tax ids; no access to projects’ data.',
};

/**
 * The role a build of 1.6 or earlier (which knows MEMBER_ROLES only) is told a member holds: the
 * role itself when it knows it, otherwise Read-only, the least it knows, so such a build never
 * offers more than the member may do (the API enforces the real role either way).
 */
export function legacyMemberRole(role: string): MemberRole {
  return (MEMBER_ROLES as readonly string[]).includes(role) ? (role as MemberRole) : 'Read-only';
}

/** Words used in 403 answers: "You need the {label} permission ...". */
export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  tenant_sql_admin_write: 'tenant SQL admin write',
  sql_admin_read: 'SQL admin read',
  sql_query_run: 'SQL query run',
  infra_execute_resume: 'infra execute on initialising or resuming projects',
  projects_write: 'projects write',
  analytics_read_logs: 'analytics read on logs',
  storage_admin_write: 'storage admin write',
  storage_admin_read: 'storage admin read',
  user_content_create: 'create on user content owned by the user',
  service_api_keys_read: 'read on service_api_keys',
  billing_write_subscriptions: 'billing write on subscriptions',
  billing_read: 'billing read',
  members_write: 'members write',
  integrations_write: 'integrations write',
};

/** Tooltip and notice texts of spec 000 §6 and 001 §6, word for word. */
export const PERMISSION_MESSAGES = {
  createPolicies: 'You need additional permissions to create RLS policies',
  toggleRls: 'You need additional permissions to toggle RLS',
  editPolicies: 'You need additional permissions to edit RLS policies',
  resumeProject: 'You need additional permissions to resume this project',
  restoreNotice: 'You do not have the required permissions to restore this project',
  createTables: 'You need additional permissions to create tables',
  createBuckets: 'You need additional permissions to create buckets',
  snippetsNotSaved: 'Your queries will not be saved as you do not have sufficient permissions',
  uploadFiles: 'You need additional permissions to upload files',
  createFolders: 'You need additional permissions to create folders',
  deleteFile: 'You need additional permissions to delete this file',
  updateStorageSettings: 'You need additional permissions to update storage settings',
  viewApiKeys: 'You need additional permissions to view API keys',
  amendSubscriptions: 'You need additional permissions to amend subscriptions',
  subscriptionChangesDisabled: 'Subscription changes are currently disabled. Our engineers are working on a fix.',
} as const;

export function genericPermissionNotice(resource: string): string {
  return `You need additional permissions to ${resource}. Contact your organization owner or adminstrator for assistance.`;
}
