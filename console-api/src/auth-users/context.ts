import type { FastifyRequest } from 'fastify';
import { HttpError } from '@plinth/platform-core/deps';
import type { AuthAdmin, AuthUser as ServiceUser, ConsoleRequestOrigin } from '@plinth/project-services';
import type { AuthUser } from '@plinth/contracts-auth';

// The console acting on a project's auth service, through its AuthAdmin (deps.services.projectServices.auth):
// the service's own functions, run with the service_role's rights for a member the platform API has already checked.

/** Where a console request came from, as the auth service's emails and limits need it. */
export function originOf(req: FastifyRequest): ConsoleRequestOrigin {
  return { protocol: req.protocol, host: req.host, ip: req.ip, userAgent: req.headers['user-agent'] };
}

/** The auth service's refusals in the platform API's shape, naming the field a user got wrong. */
export function asHttpError(auth: Pick<AuthAdmin, 'refusal'>, err: unknown): unknown {
  const refusal = auth.refusal(err);
  if (!refusal) return err;
  switch (refusal.errorCode) {
    case 'weak_password':
      return new HttpError(400, refusal.message, 'WEAK_PASSWORD', 'password');
    case 'email_address_invalid':
      return new HttpError(400, refusal.message, 'VALIDATION', 'email');
    case 'email_exists':
    case 'user_already_exists':
      return new HttpError(409, refusal.message, 'EMAIL_EXISTS', 'email');
    case 'phone_exists':
      return new HttpError(409, refusal.message, 'PHONE_EXISTS', 'phone');
    case 'user_not_found':
      return new HttpError(404, 'User not found');
    default:
      return Object.assign(new HttpError(refusal.status === 422 ? 400 : refusal.status, refusal.message, refusal.errorCode.toUpperCase()), {
        retryAfterSeconds: refusal.retryAfterSeconds,
      });
  }
}

/** A user of the auth service as the console lists them. */
export function consoleUser(u: ServiceUser): AuthUser {
  const provider = u.appMetadata.provider;
  return {
    id: u.id,
    // A user who signed up by phone has an empty email in the auth service.
    email: u.email || null,
    provider: typeof provider === 'string' ? provider : 'email',
    created_at: u.createdAt,
    last_sign_in_at: u.lastSignInAt,
    email_confirmed_at: u.emailConfirmedAt,
    invited_at: u.invitedAt,
    banned_until: u.bannedUntil,
    user_metadata: u.userMetadata,
    phone: u.phone ? `+${u.phone}` : null,
    phone_confirmed_at: u.phoneConfirmedAt,
  };
}
