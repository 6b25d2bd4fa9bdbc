import type { FastifyRequest } from 'fastify';
import { HttpError, type ApiDeps } from '@plinth/platform-core/deps';
import { projectSecrets } from '@plinth/project-services';
import { ProjectAuthLimits, type AuthContext } from '@plinth/project-services';
import { AuthError } from '@plinth/project-services';
import { createAuthMailer } from '@plinth/project-services';
import { readProjectAuthSettings } from '@plinth/project-services';
import type { AuthUser as ServiceUser } from '@plinth/project-services';
import type { AuthUser } from '@plinth/contracts-auth';

// The console acting on a project's auth service: the service's own functions, run with the
// service_role's rights for a member the platform API has already checked.

export type ConsoleAuth = (req: FastifyRequest, ref: string) => Promise<AuthContext>;

export function consoleAuth(deps: ApiDeps): ConsoleAuth {
  const limits = new ProjectAuthLimits();
  const mailer = createAuthMailer(deps.control, process.env.PLINTH_SMTP_URL || null, process.env.PLINTH_SMTP_FROM || 'Plinth Auth <no-reply@localhost>');
  return async (req, ref) => {
    const secrets = await projectSecrets(deps.control, ref);
    if (!secrets) throw new HttpError(404, 'Project not found');
    return {
      ref,
      db: await deps.databases.get(ref),
      settings: await readProjectAuthSettings(deps.control, ref),
      secrets,
      caller: { ref, role: 'service_role', claims: { role: 'service_role' }, userId: null, token: '' },
      baseUrl: `${deps.projectUrls.base(ref, { protocol: req.protocol, host: req.host }, false)}/auth/v1`,
      mailer,
      limits,
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    };
  };
}

/** The auth service's refusals in the platform API's shape, naming the field a user got wrong. */
export function asHttpError(err: unknown): unknown {
  if (!(err instanceof AuthError)) return err;
  switch (err.errorCode) {
    case 'weak_password':
      return new HttpError(400, err.message, 'WEAK_PASSWORD', 'password');
    case 'email_address_invalid':
      return new HttpError(400, err.message, 'VALIDATION', 'email');
    case 'email_exists':
    case 'user_already_exists':
      return new HttpError(409, err.message, 'EMAIL_EXISTS', 'email');
    case 'user_not_found':
      return new HttpError(404, 'User not found');
    default:
      return Object.assign(new HttpError(err.status === 422 ? 400 : err.status, err.message, err.errorCode.toUpperCase()), {
        retryAfterSeconds: (err as { retryAfterSeconds?: number }).retryAfterSeconds,
      });
  }
}

/** A user of the auth service as the console lists them. */
export function consoleUser(u: ServiceUser): AuthUser {
  const provider = u.appMetadata.provider;
  return {
    id: u.id,
    email: u.email,
    provider: typeof provider === 'string' ? provider : 'email',
    created_at: u.createdAt,
    last_sign_in_at: u.lastSignInAt,
    email_confirmed_at: u.emailConfirmedAt,
    invited_at: u.invitedAt,
    banned_until: u.bannedUntil,
    user_metadata: u.userMetadata,
  };
}
