import { jwtVerify, SignJWT } from 'jose';

// The `state` of a GitHub App install: which organization the install is for and which user asked,
// for an hour, as a JWT (HS256, jose) under a server secret. GitHub hands it back on the setup
// redirect; only the user who asked, signed in, can complete that organization's install with it.

const AUDIENCE = 'plinth github install';

export interface InstallState {
  slug: string;
  userId: string;
}

export function signInstallState(secret: Buffer, s: InstallState): Promise<string> {
  return new SignJWT({ slug: s.slug }).setProtectedHeader({ alg: 'HS256' }).setSubject(s.userId).setAudience(AUDIENCE).setIssuedAt().setExpirationTime('1h').sign(secret);
}

/** The state's organization and user; null when it was not signed here, was changed, or is over an hour old. */
export async function readInstallState(secret: Buffer, state: string): Promise<InstallState | null> {
  try {
    const { payload } = await jwtVerify(state, secret, { algorithms: ['HS256'], audience: AUDIENCE });
    return typeof payload.slug === 'string' && typeof payload.sub === 'string' ? { slug: payload.slug, userId: payload.sub } : null;
  } catch {
    return null;
  }
}
