import type { CustomHostname } from '@plinth/contracts-settings';

// Where a project's custom domain stands, from the custom hostname read (001 §4), as the steps the
// settings page shows: not on this plan, none yet, publish the TXT record and verify, activate, active.

export type CustomDomainStep =
  | { step: 'not-allowed' }
  | { step: 'none' }
  | { step: 'verify'; hostname: string; record: { name: string; value: string } | null; error: string | null }
  | { step: 'activate'; hostname: string }
  | { step: 'active'; hostname: string };

export function customDomainStep(read: CustomHostname): CustomDomainStep {
  const result = read.data?.result ?? null;
  switch (read.status) {
    case '0_not_allowed':
      return { step: 'not-allowed' };
    case '0_no_hostname_configured':
      return { step: 'none' };
    case '5_services_reconfigured':
      return result ? { step: 'active', hostname: result.hostname } : { step: 'none' };
    case '3_challenge_verified':
    case '4_origin_setup_completed':
      return result ? { step: 'activate', hostname: result.hostname } : { step: 'none' };
    default: {
      if (!result) return { step: 'none' };
      const record = result.ownership_verification ? { name: result.ownership_verification.name, value: result.ownership_verification.value } : null;
      return { step: 'verify', hostname: result.hostname, record, error: result.verification_errors?.[0] ?? null };
    }
  }
}
