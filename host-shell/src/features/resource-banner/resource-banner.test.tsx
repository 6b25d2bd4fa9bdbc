import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import type { ResourceWarning } from '@plinth/shared-contracts';
import type { OrganizationUsage } from '@plinth/contracts-billing';
import { makeProject, projectApi, REF, renderShell, markProjectsConnected } from '../../app/test-harness';
import { bannerState } from './banner-state';

const quiet: ResourceWarning = { project: REF, is_readonly_mode_enabled: false, database_size: null, storage_size: null, egress: null, disk_space_exhaustion: null };
const metric = (usage: number, limit: number | null) => ({ usage, limit, exceeded: limit !== null && usage > limit });
const usageOf = (plan: string, billing: boolean, exceeded: boolean): OrganizationUsage => {
  const project = { project: REF, db_size: metric(exceeded ? 600 : 100, 500), storage_size: metric(0, null), db_egress: metric(0, null) };
  return { organization: 'acme', plan, usage_billing_enabled: billing, db_size: project.db_size, storage_size: project.storage_size, db_egress: project.db_egress, projects: [project] };
};

describe('banner state', () => {
  test('nothing to say, no banner', () => {
    expect(bannerState(REF, [quiet], usageOf('free', false, false))).toBeNull();
    expect(bannerState(REF, [{ ...quiet, project: 'someone-else', is_readonly_mode_enabled: true }], undefined)).toBeNull();
  });
  test('read-only mode or a critical metric is destructive; warnings alone are a warning', () => {
    expect(bannerState(REF, [{ ...quiet, is_readonly_mode_enabled: true }], undefined)?.tone).toBe('destructive');
    expect(bannerState(REF, [{ ...quiet, egress: 'warning', database_size: 'critical' }], undefined)?.tone).toBe('destructive');
    expect(bannerState(REF, [{ ...quiet, egress: 'warning' }], undefined)).toMatchObject({ tone: 'warning', metrics: [{ metric: 'egress', level: 'warning' }] });
  });
  test('the exceeding-usage badge shows on free, and on pro without usage billing, over a limit', () => {
    expect(bannerState(REF, [], usageOf('free', false, true))?.exceedingUsage).toBe(true);
    expect(bannerState(REF, [], usageOf('pro', false, true))?.exceedingUsage).toBe(true);
    expect(bannerState(REF, [], usageOf('pro', true, true))).toBeNull();
    expect(bannerState(REF, [], usageOf('team', false, true))).toBeNull();
  });
});

test('the banner shows above a project page in its style with the badge', async () => {
  markProjectsConnected(REF);
  renderShell(
    `/project/${REF}`,
    projectApi(makeProject(), {
      'GET /platform/projects-resource-warnings': [{ ...quiet, is_readonly_mode_enabled: true }],
      'GET /platform/organizations/acme/usage': usageOf('free', false, true),
    }),
  );
  const box = (await screen.findByText('Your project is in read-only mode')).parentElement!;
  expect(box.getAttribute('data-tone')).toBe('destructive');
  expect(screen.getByText('exceeding usage')).toBeTruthy();
});
