import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  test('navigation layout v2 on: the entries under section headings in a menu that collapses to icons and back', async () => {
    const api = open({ navigation_layout_v2: true });
    const user = userEvent.setup();
    await waitFor(() => expect(api.calls).toContain('GET /platform/feature-flags'));
    const nav = await screen.findByRole('navigation', { name: 'Project' });
    const database = await within(nav).findByRole('group', { name: 'Database' }, { timeout: 5000 });
    expect(within(database).getByRole('link', { name: 'SQL Editor' })).toBeTruthy();
    expect(within(nav).getByRole('group', { name: 'Storage' })).toBeTruthy();
    const collapse = within(nav).getByRole('button', { name: 'Collapse navigation' });
    expect(collapse.getAttribute('aria-expanded')).toBe('true');
    collapse.focus();
    await user.keyboard('{Enter}');
    const expand = within(nav).getByRole('button', { name: 'Expand navigation' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(within(nav).getByRole('link', { name: 'SQL Editor' })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(within(nav).getByRole('button', { name: 'Collapse navigation' })).toBeTruthy();
  });

  test("navigation layout v2 off: today's rail, no section headings", async () => {
    open({ navigation_layout_v2: false });
    const nav = await screen.findByRole('navigation', { name: 'Project' });
    expect(await within(nav).findByRole('link', { name: 'SQL Editor' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Monthly active users: critical')).toBeTruthy());
    expect(within(nav).queryByRole('group')).toBeNull();
    expect(within(nav).queryByRole('button', { name: /navigation$/ })).toBeNull();
  });
});
