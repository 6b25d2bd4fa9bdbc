import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FEATURE_FLAG_DEFAULTS, type FeatureFlagValues, type ResourceWarning } from '@plinth/shared-contracts';
import { makeProject, markProjectsConnected, projectApi, REF, renderShell } from '../../app/test-harness';

// The shell reads the project's organization's flags once (GET /platform/feature-flags?project=ref)
// and shows or hides its banners by them.

const critical: ResourceWarning = {
  project: REF,
  is_readonly_mode_enabled: false,
  database_size: null,
  storage_size: null,
  egress: null,
  disk_space_exhaustion: null,
  monthly_active_users: 'critical',
};
const flagsAnswer = (flags: Partial<FeatureFlagValues>) => ({ flags: { ...FEATURE_FLAG_DEFAULTS, ...flags }, organization: 'acme', overridden: Object.keys(flags) });

function open(flags: Partial<FeatureFlagValues>) {
  markProjectsConnected(REF);
  const api = projectApi(makeProject(), {
    'GET /platform/projects-resource-warnings': [critical],
    'GET /platform/feature-flags': (req: { query: URLSearchParams }) => {
      expect(req.query.get('project')).toBe(REF);
      return flagsAnswer(flags);
    },
  });
  renderShell(`/project/${REF}`, api);
  return api;
}

describe('feature flags in the shell', () => {
  test('resource warnings on: monthly active users over the quota show in the banner', async () => {
    open({});
    expect(await screen.findByText('Monthly active users: critical')).toBeTruthy();
    expect(screen.queryByText('We are investigating an ongoing incident')).toBeNull();
  });

  test('resource warnings off for the organization: no banner; the incident banner when its flag is on', async () => {
    open({ resource_warnings: false, ongoing_incident_banner: true });
    expect(await screen.findByText('We are investigating an ongoing incident')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Your project is over a critical resource limit')).toBeNull());
    expect(screen.queryByText('Monthly active users: critical')).toBeNull();
  });
});
