import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { fakeApi, makeOrganization, renderShell, SIGNED_IN } from '../app/test-harness';
import { supportLink } from '../support/support-link';

test('the support form opens prefilled from its link and offers an email with everything in it', async () => {
  const link = supportLink({ category: 'Database_unresponsive', ref: 'abcdefghijklmnopqrst', subject: 'Restoration failed', message: 'Restoring failed at 10:00' });
  renderShell(link, fakeApi({ 'GET /auth/session': SIGNED_IN, 'GET /platform/organizations': [makeOrganization()], 'GET /platform/projects': [] }));
  expect(((await screen.findByLabelText(/Subject/)) as HTMLInputElement).value).toBe('Restoration failed');
  expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe('Restoring failed at 10:00');
  expect((screen.getByLabelText(/Project ref/) as HTMLInputElement).value).toBe('abcdefghijklmnopqrst');
  expect((screen.getByLabelText(/Category/) as HTMLSelectElement).value).toBe('Database_unresponsive');
  const mail = screen.getByRole('link', { name: 'Open in email app' }).getAttribute('href')!;
  expect(mail.startsWith('mailto:')).toBe(true);
  expect(decodeURIComponent(mail)).toContain('Restoring failed at 10:00');
  expect(document.title).toBe('Support request | Plinth');
});
