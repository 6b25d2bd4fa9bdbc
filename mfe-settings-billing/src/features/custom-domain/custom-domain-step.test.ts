import { describe, expect, it } from 'vitest';
import { CustomHostnameSchema } from '@plinth/contracts-settings';
import { customDomainStep } from './custom-domain-step';

const result = (extra: Record<string, unknown> = {}) => ({
  id: 'h1',
  hostname: 'api.example.com',
  ssl: { status: 'pending_validation' },
  status: 'pending',
  created_at: '2026-11-27T10:00:00.000Z',
  ...extra,
});
const read = (status: string, data: unknown) => CustomHostnameSchema.parse({ status, data });

describe('the step a custom domain is at', () => {
  it('follows the statuses of the custom hostname read, the synthetic ones included', () => {
    expect(customDomainStep(read('0_not_allowed', null))).toEqual({ step: 'not-allowed' });
    expect(customDomainStep(read('0_no_hostname_configured', null))).toEqual({ step: 'none' });
    const record = { type: 'txt', name: '_plinth-challenge.api.example.com', value: 'plinth-verification=abc' };
    expect(customDomainStep(read('2_initiated', { result: result({ ownership_verification: record, verification_errors: ['No TXT record was found'] }) }))).toEqual({
      step: 'verify',
      hostname: 'api.example.com',
      record: { name: record.name, value: record.value },
      error: 'No TXT record was found',
    });
    // A hostname added before records were given still asks to verify (which makes its record).
    expect(customDomainStep(read('1_not_started', { result: result() }))).toEqual({ step: 'verify', hostname: 'api.example.com', record: null, error: null });
    expect(customDomainStep(read('4_origin_setup_completed', { result: result() }))).toEqual({ step: 'activate', hostname: 'api.example.com' });
    expect(customDomainStep(read('3_challenge_verified', { result: result() }))).toEqual({ step: 'activate', hostname: 'api.example.com' });
    expect(customDomainStep(read('5_services_reconfigured', { result: result({ status: 'active' }) }))).toEqual({ step: 'active', hostname: 'api.example.com' });
    // A status without its hostname offers to add one rather than showing nothing.
    expect(customDomainStep(read('5_services_reconfigured', null))).toEqual({ step: 'none' });
  });
});
