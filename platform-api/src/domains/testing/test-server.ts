import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PERMISSION_LABELS, ROLE_PERMISSIONS, type MemberRole, type PermissionKey } from '@plinth/shared-contracts';
import { HttpError, type ApiDeps, type AuthenticatedUser, type ProjectAccess, type RouteModule } from '../../core/deps';
import { createDiskObjectStore } from '../../core/object-store';
import { CONTROL_MIGRATIONS } from '../../core/migrations';
import { openTestControlDatabase, openTestProjectDatabase } from './pglite-databases';

// Superseded by src/testing/project-server.ts (the real server); kept only until the last route
// tests written against it move there. A stand-in for the core's server for the domain modules' route tests: real PGlite databases,
// a real disk object store, and an access check driven by two test headers
// (x-test-user: user id, x-test-role: member role). Not used by the server.

export interface TestServer {
  app: FastifyInstance;
  deps: ApiDeps;
  ref: string;
  projectId: number;
  dataDir: string;
  egress: Map<string, number>;
  /** Headers of a member with this role (a fixed user per role unless given). */
  as(role: MemberRole, userId?: string): Record<string, string>;
  close(): Promise<void>;
}

const USER_IDS: Record<MemberRole, string> = {
  Owner: '11111111-1111-4111-8111-111111111111',
  Administrator: '22222222-2222-4222-8222-222222222222',
  Developer: '33333333-3333-4333-8333-333333333333',
  'Read-only': '44444444-4444-4444-8444-444444444444',
};

export async function startTestServer(modules: RouteModule[], options: { plan?: string } = {}): Promise<TestServer> {
  const ref = 'abcdefghijklmnopqrst';
  const projectId = 1;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'plinth-domain-'));
  const project = await openTestProjectDatabase(ref);
  const control = await openTestControlDatabase();
  const egress = new Map<string, number>();
  // The few columns of the core's organizations and projects tables that the domains read.
  await control.query(`create table organizations (id serial primary key, name text not null, slug text not null unique, plan text not null default 'free')`);
  await control.query(`insert into organizations (name, slug, plan) values ('Test org', 'test-org', $1)`, [options.plan ?? 'free']);
  await control.query(`create table projects (
    id serial primary key, ref text not null unique, name text not null, organization_id int not null, status text not null,
    jwt_secret text not null, anon_key text not null, service_role_key text not null,
    is_branch_enabled boolean not null default false, parent_project_ref text,
    inserted_at timestamptz not null default now())`);
  await control.query(`insert into projects (ref, name, organization_id, status, jwt_secret, anon_key, service_role_key) values ($1, 'Test project', 1, 'ACTIVE_HEALTHY', $2, 'anon-key', 'service-key')`, [ref, 'test-jwt-secret-0123456789abcdefghijklmnopqrstuvwxyz']);

  // The domains' tables, from the one migration list (the core's own tables are the stand-ins above).
  for (const m of CONTROL_MIGRATIONS.filter((m) => m.version >= '0101')) for (const sql of m.statements) await control.query(sql);

  const userOf = (req: FastifyRequest): AuthenticatedUser => {
    const id = req.headers['x-test-user'];
    if (typeof id !== 'string') throw new HttpError(401, 'You are not signed in', 'UNAUTHORIZED');
    return { id, email: `${id.slice(0, 8)}@example.com`, username: `user-${id.slice(0, 8)}` };
  };
  const roleOf = (req: FastifyRequest): MemberRole => (req.headers['x-test-role'] as MemberRole) ?? 'Owner';
  const check = (role: MemberRole, permission?: string) => {
    if (permission && !ROLE_PERMISSIONS[role].includes(permission as PermissionKey)) {
      throw new HttpError(403, `You need the ${PERMISSION_LABELS[permission as PermissionKey]} permission to do this`, 'FORBIDDEN');
    }
  };

  const deps: ApiDeps = {
    control,
    databases: {
      async get(r) {
        if (r !== ref) throw new HttpError(404, `Project not found: ${r}`, 'NOT_FOUND');
        return project;
      },
      isOpen: (r) => r === ref,
    },
    objects: createDiskObjectStore(path.join(dataDir, 'objects')),
    async requireUser(req) {
      return userOf(req);
    },
    async requireProjectAccess(req, r, permission) {
      const user = userOf(req);
      if (r !== ref) throw new HttpError(404, `Project not found: ${r}`, 'NOT_FOUND');
      const role = roleOf(req);
      check(role, permission);
      const access: ProjectAccess = {
        user,
        project: { ref, id: projectId, name: 'Test project', status: 'ACTIVE_HEALTHY', organizationSlug: 'test-org', organizationId: 1 },
        role,
        permissions: new Set(ROLE_PERMISSIONS[role]),
      };
      return access;
    },
    async requireOrgAccess(req, slug, permission) {
      const user = userOf(req);
      if (slug !== 'test-org') throw new HttpError(404, `Organization not found: ${slug}`, 'NOT_FOUND');
      const role = roleOf(req);
      check(role, permission);
      return { user, role, permissions: new Set(ROLE_PERMISSIONS[role]), organization: { id: 1, slug, name: 'Test org' } };
    },
    recordEgress(r, bytes) {
      egress.set(r, (egress.get(r) ?? 0) + bytes);
    },
    services: undefined as never,
  };

  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((err, _req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const field = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
      return reply.code(400).send({ message: `${field || 'request'}: ${issue?.message ?? 'invalid'}`, code: 'VALIDATION', field });
    }
    if (err instanceof HttpError) return reply.code(err.status).send({ message: err.message, code: err.code, ...(err.field ? { field: err.field } : {}) });
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status < 500) return reply.code(status).send({ message: (err as Error).message, code: (err as { code?: string }).code });
    return reply.code(500).send({ message: `Internal error: ${(err as Error).message}` });
  });
  await app.register(
    async (api) => {
      for (const m of modules) await m(api, deps);
    },
    { prefix: '/api' },
  );
  await app.ready();
  return {
    app,
    deps,
    ref,
    projectId,
    dataDir,
    egress,
    as: (role, userId) => ({ 'x-test-user': userId ?? USER_IDS[role], 'x-test-role': role }),
    async close() {
      await app.close();
      await project.close();
      await control.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const newUserId = () => randomUUID();
