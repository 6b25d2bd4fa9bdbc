import { EnrolledFactorSchema, FactorListSchema, FactorSchema, SessionSchema, type AuthClient, type Factor } from '@plinth/shared-contracts';
import { ME } from '../fixtures';
import { answer, refuse, type Handlers } from './fake-client';

export interface AccountFactorsState {
  /** The signed-in account's MFA factors (TOTP authenticators). */
  factors: Factor[];
  /** The one code the fake authenticator accepts. */
  totpCode: string;
}

export const FAKE_TOTP_CODE = '123456';
let counter = 0;

/** An authenticator app factor of the signed-in account; verified unless said otherwise. */
export function factor(over: Partial<Factor> = {}): Factor {
  counter += 1;
  return answer(FactorSchema, {
    id: `f0000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    friendly_name: null,
    factor_type: 'totp',
    status: 'verified',
    created_at: '2026-01-01T00:00:00Z',
    ...over,
  });
}

/** The account's MFA factors, as /auth/mfa/factors answers them: enrol, verify with `totpCode`, remove. */
export function accountFactorHandlers(state: AccountFactorsState): Handlers<AuthClient> {
  const find = (id: string) => state.factors.find((f) => f.id === id) ?? refuse(404, 'Factor not found');
  return {
    listFactors: () => answer(FactorListSchema, { factors: state.factors }),
    enrolFactor: (body = {}) => {
      const added = factor({ friendly_name: body.friendly_name ?? null, status: 'unverified' });
      state.factors = [...state.factors.filter((f) => f.status === 'verified'), added];
      const secret = 'JBSWY3DPEHPK3PXP';
      return answer(EnrolledFactorSchema, { id: added.id, factor_type: 'totp', totp: { secret, uri: `otpauth://totp/Plinth:${ME.email}?secret=${secret}&issuer=Plinth` } });
    },
    verifyFactor: (id, body) => {
      const f = find(id);
      if (body.code !== state.totpCode) refuse(400, 'Invalid TOTP code entered', 'INVALID_CODE');
      state.factors = state.factors.map((x) => (x.id === f.id ? { ...x, status: 'verified' } : x));
      return answer(SessionSchema, { user: ME, aal: { currentLevel: 'aal2', nextLevel: 'aal2' } });
    },
    deleteFactor: (id) => {
      find(id);
      state.factors = state.factors.filter((f) => f.id !== id);
      return undefined;
    },
  };
}
