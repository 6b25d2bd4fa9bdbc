import { describe, expect, it } from 'vitest';
import { createAuthClient, SignInBodySchema, SignUpBodySchema, VerifyFactorBodySchema } from './auth';
import { createHttp } from './http';

describe('auth contracts', () => {
  it('normalises the email and refuses a bad one', () => {
    expect(SignInBodySchema.parse({ email: ' Ada@Example.COM ', password: 'x' }).email).toBe('ada@example.com');
    expect(SignInBodySchema.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(false);
  });
  it('requires an 8 character password at sign-up and a 6 digit code', () => {
    const r = SignUpBodySchema.safeParse({ email: 'a@b.co', password: 'short' });
    expect(r.error?.issues[0]?.message).toBe('Password must be at least 8 characters');
    expect(VerifyFactorBodySchema.safeParse({ code: '12345' }).success).toBe(false);
    expect(VerifyFactorBodySchema.safeParse({ code: '123456' }).success).toBe(true);
  });
  it('sends the CSRF token on sign-in and reads the session', async () => {
    let seen: Headers | undefined;
    const fetchFn = (async (_url: string, init: RequestInit) => {
      seen = new Headers(init.headers);
      return new Response(JSON.stringify({ user: { id: 'u', email: 'a@b.co', username: 'a' }, aal: { currentLevel: 'aal1', nextLevel: 'aal2' } }));
    }) as unknown as typeof fetch;
    const auth = createAuthClient(createHttp({ baseUrl: '/api', fetch: fetchFn, csrfToken: () => 'tok' }));
    const session = await auth.signIn({ email: 'a@b.co', password: 'pw' });
    expect(seen?.get('x-csrf-token')).toBe('tok');
    expect(session.aal).toEqual({ currentLevel: 'aal1', nextLevel: 'aal2' });
  });
});
