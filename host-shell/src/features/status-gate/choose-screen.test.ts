import { describe, expect, test } from 'vitest';
import { shownWhileOf } from '../../areas/area-table';
import { CONSOLE_AREAS } from '../../areas/testing/console-areas';
import { chooseStatusScreen } from './choose-screen';

// The pages of §4.1's exception lists, with the exceptions the shell (home) and the area manifests declare.
const pagePaths = { home: '', settings: '/settings/general', branches: '/branches', reports: '/reports/database', other: '/storage/buckets' };
type Page = keyof typeof pagePaths;
const pages = Object.keys(pagePaths) as Page[];
const screenOn = (status: string, page: Page, postgrestStatus = 'ONLINE', connected = true) =>
  chooseStatusScreen({ status, postgrestStatus, connected }, shownWhileOf(`/project/abc${pagePaths[page]}`, 'abc', CONSOLE_AREAS));

describe('which screen a project page shows', () => {
  test('paused projects show the paused screen except on home and settings', () => {
    expect(pages.map((p) => screenOn('INACTIVE', p))).toEqual(['content', 'content', 'paused', 'paused', 'paused']);
  });
  test('upgrading shows the upgrade screen everywhere', () => {
    expect(pages.map((p) => screenOn('UPGRADING', p))).toEqual(Array(5).fill('upgrading'));
  });
  test('going down and pausing show the pausing screen everywhere', () => {
    for (const status of ['GOING_DOWN', 'PAUSING']) expect(pages.map((p) => screenOn(status, p))).toEqual(Array(5).fill('pausing'));
  });
  test('restoring (and a failed restore) show the restoring screen except on settings and branches', () => {
    for (const status of ['RESTORING', 'RESTORATION_FAILED'])
      expect(pages.map((p) => screenOn(status, p))).toEqual(['restoring', 'content', 'content', 'restoring', 'restoring']);
  });
  test('coming up and unknown show the building screen except on settings and branches', () => {
    for (const status of ['COMING_UP', 'UNKNOWN'])
      expect(pages.map((p) => screenOn(status, p))).toEqual(['building', 'content', 'content', 'building', 'building']);
  });
  test('an offline REST service shows the service-offline screen except on reports and settings', () => {
    expect(pages.map((p) => screenOn('ACTIVE_HEALTHY', p, 'OFFLINE'))).toEqual(['service-offline', 'content', 'service-offline', 'content', 'service-offline']);
  });
  test('an active project not yet reached shows connecting, but not on settings', () => {
    expect(pages.map((p) => screenOn('ACTIVE_HEALTHY', p, 'ONLINE', false))).toEqual(['connecting', 'content', 'connecting', 'connecting', 'connecting']);
  });
  test('an active, reachable project shows the page', () => {
    expect(pages.map((p) => screenOn('ACTIVE_HEALTHY', p))).toEqual(Array(5).fill('content'));
  });
});

test('a page without exceptions shows every status screen', () => {
  expect(chooseStatusScreen({ status: 'INACTIVE' }, [])).toBe('paused');
  expect(chooseStatusScreen({ status: 'ACTIVE_HEALTHY', postgrestStatus: 'OFFLINE' }, ['paused'])).toBe('service-offline');
  expect(chooseStatusScreen({ status: 'UPGRADING' }, ['paused', 'restoring', 'building', 'service-offline', 'connecting'])).toBe('upgrading');
});
