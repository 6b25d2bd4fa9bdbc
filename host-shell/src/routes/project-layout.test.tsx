import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test } from 'vitest';
import { ROLE_PERMISSIONS } from '@plinth/shared-contracts';
import { findArea, makeProject, projectApi, REF, renderShell, testAreaLoader } from '../app/test-harness';
import { useConnectionStore } from '../features/status-gate/connection-store';

beforeEach(() => useConnectionStore.setState({ connected: { [REF]: true } }));

const railLinks = () => within(within(screen.getByRole('navigation', { name: 'Project' })).getAllByRole('list')[0]).getAllByRole('link');
const railLabels = () => railLinks().map((a) => a.textContent);

test('the hosted rail shows every entry; the self-hosted rail leaves out the hosted-only ones', async () => {
  const hosted = renderShell(`/project/${REF}`, projectApi(makeProject()), { buildMode: 'hosted' });
  await screen.findByTestId('project-status');
  expect(railLabels()).toEqual(['Home', 'Table Editor', 'SQL Editor', 'Database', 'Authentication', 'Storage', 'Edge Functions', 'Reports', 'Logs', 'API Docs', 'Project Settings']);
  hosted.unmount();
  renderShell(`/project/${REF}`, projectApi(makeProject()), { buildMode: 'self-hosted' });
  await screen.findByTestId('project-status');
  expect(railLabels()).toEqual(['Home', 'Table Editor', 'SQL Editor', 'Database', 'Authentication', 'Storage', 'Logs', 'API Docs']);
  expect(screen.getByRole('link', { name: 'SQL Editor' }).getAttribute('href')).toBe(`/project/${REF}/sql/1`);
});

test('while the project is coming up every rail link goes to the building page', async () => {
  renderShell(`/project/${REF}/building`, projectApi(makeProject({ status: 'COMING_UP' }), { [`GET /platform/projects/${REF}/status`]: { status: 'COMING_UP' } }));
  await screen.findByRole('heading', { name: 'Setting up Orders' });
  expect(new Set(railLinks().map((a) => a.getAttribute('href')))).toEqual(new Set([`/project/${REF}/building`]));
});

test('rail links open their area with the mount contract props; back and forward work', async () => {
  const loader = testAreaLoader();
  const { router } = renderShell(`/project/${REF}`, projectApi(makeProject(), {}, 'Developer'), { areaLoader: loader });
  await screen.findByTestId('project-status');
  await userEvent.click(screen.getByRole('link', { name: 'Storage' }));
  expect(await findArea(`storage area at /project/${REF}`)).toBeTruthy();
  expect(document.title).toBe('Storage | Orders | Plinth');
  const props = loader.mounts.at(-1)!;
  expect(props).toMatchObject({ area: 'storage', basePath: `/project/${REF}`, projectRef: REF, apiBase: '/api', buildMode: 'hosted', session: { user: { email: 'ada@example.com' } } });
  expect(props.permissions).toEqual(ROLE_PERMISSIONS.Developer);
  expect(['dark', 'light']).toContain(props.theme);
  await userEvent.click(screen.getByRole('link', { name: 'Logs' }));
  expect(await findArea(`logs area at /project/${REF}`)).toBeTruthy();
  expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('Logs');
  await act(() => router.navigate(-1));
  expect(await findArea(`storage area at /project/${REF}`)).toBeTruthy();
  expect(router.state.location.pathname).toBe(`/project/${REF}/storage/buckets`);
  await act(() => router.navigate(1));
  expect(await findArea(`logs area at /project/${REF}`)).toBeTruthy();
  await act(async () => props.navigate(`/project/${REF}`));
  expect(await screen.findByTestId('project-status')).toBeTruthy();
});

test('organization pages mount the settings area outside a project', async () => {
  const loader = testAreaLoader();
  renderShell('/org/acme/billing', projectApi(makeProject()), { areaLoader: loader });
  expect(await findArea('settings-billing area at /')).toBeTruthy();
  expect(loader.mounts.at(-1)).toMatchObject({ area: 'settings-billing', basePath: '/', projectRef: undefined });
});

test('the header switches projects and shows the breadcrumb', async () => {
  const other = makeProject({ ref: 'zyxwvutsrqponmlkjihg', name: 'Billing' });
  const api = projectApi(makeProject(), { 'GET /platform/projects': [makeProject(), other], [`GET /platform/projects/${other.ref}`]: other });
  const { router } = renderShell(`/project/${REF}`, api);
  await screen.findByTestId('project-status');
  const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
  expect(crumbs.map((c) => c.textContent)).toEqual(['Acme', 'Orders']);
  await userEvent.click(screen.getByRole('button', { name: /^Project: Orders/ }));
  await userEvent.keyboard('billing{Enter}');
  expect(router.state.location.pathname).toBe(`/project/${other.ref}`);
});
