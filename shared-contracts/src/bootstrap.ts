import * as z from './zod';
import type { Http } from './http';
import { SessionSchema } from './auth';
import { MemberListSchema, MemberRoleSchema, OrganizationListSchema } from './organizations';
import { ProjectListSchema, ProjectSchema, ProjectStatusAnswerSchema } from './projects';
import { FeatureFlagsAnswerSchema } from './feature-flags';
import { ALL_PERMISSIONS, type PermissionKey } from './permissions';
import { BOOTSTRAP_PATH } from './bootstrap-path';

export { BOOTSTRAP_PATH };

/**
 * GET /platform/bootstrap[?project=ref]: what every page of the console needs before it can show
 * anything, in one answer (issue 21: a cold page in one wave). Each part is what its own route
 * answers, under the same permission rules:
 * - `session`: as GET /auth/session; signed out (or a second factor owed) answers the session alone;
 * - `organizations`, `projects`: the member's, as the list routes;
 * - `project`: the project of the address being opened, when the member may see it (null for an
 *   unknown ref or another organization's): the project, its status, whether its API answers now,
 *   the member's role and permissions in its organization, the organization's members and the
 *   feature flags that apply to it.
 */
export const BootstrapProjectSchema = z.object({
  project: ProjectSchema,
  status: ProjectStatusAnswerSchema,
  /** Whether the project's API answered the same check as the connecting screen's, just now. */
  reachable: z.boolean(),
  role: MemberRoleSchema,
  permissions: z.array(z.enum(ALL_PERMISSIONS as readonly PermissionKey[] as [PermissionKey, ...PermissionKey[]])),
  members: MemberListSchema,
  featureFlags: FeatureFlagsAnswerSchema,
});
export type BootstrapProject = z.infer<typeof BootstrapProjectSchema>;

export const BootstrapSchema = z.object({
  session: SessionSchema,
  organizations: z.nullable(OrganizationListSchema),
  projects: z.nullable(ProjectListSchema),
  project: z.nullable(BootstrapProjectSchema),
});
export type Bootstrap = z.infer<typeof BootstrapSchema>;

export const BootstrapQuerySchema = z.object({
  project: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});

export function createBootstrapClient(http: Http) {
  return {
    get: (project?: string, opts?: { signal?: AbortSignal }) =>
      http('GET', BOOTSTRAP_PATH, { query: project ? { project } : {}, schema: BootstrapSchema, signal: opts?.signal }),
  };
}
export type BootstrapClient = ReturnType<typeof createBootstrapClient>;
