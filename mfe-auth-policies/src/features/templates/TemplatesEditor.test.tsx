import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from '@plinth/area-kit/testing';
import { renderArea } from '../../testing/render-area';
import { draftErrors, insertAt } from './template-draft';

const LOAD = { timeout: 5000 };

describe('email templates page', { timeout: 20_000 }, () => {
  it('edits the recovery template with a live preview and saves it', async () => {
    const api = createFakeApi();
    const user = userEvent.setup({ delay: null });
    renderArea('auth/templates', { api });
    await user.click(await screen.findByRole('tab', { name: 'Reset password' }, LOAD));
    const panel = await screen.findByRole('tabpanel', {}, LOAD);
    const subject = panel.querySelector('input')!;
    const body = panel.querySelector('textarea')!;
    fireEvent.change(subject, { target: { value: 'Reset for {{ .Email }}' } });
    fireEvent.change(body, { target: { value: 'Code {{ .Token }} on {{ .SiteURL }}' } });
    expect(panel.querySelector('[data-testid="preview-subject"]')!.textContent).toBe('Reset for user@example.com');
    expect(panel.querySelector('[data-testid="preview-body"]')!.textContent).toBe('Code 123456 on https://example.com');
    await user.click(panel.querySelector('button[type="submit"]')!);
    await waitFor(() => expect(api.state.authTemplates.find((t) => t.kind === 'recovery')).toEqual({ kind: 'recovery', subject: 'Reset for {{ .Email }}', body: 'Code {{ .Token }} on {{ .SiteURL }}', customized: true }));
  });

  it('names an unknown variable as it is typed and does not save it', async () => {
    const api = createFakeApi();
    const user = userEvent.setup({ delay: null });
    renderArea('auth/templates', { api });
    const panel = await screen.findByRole('tabpanel', {}, LOAD);
    fireEvent.change(panel.querySelector('textarea')!, { target: { value: 'Hi {{ .Name }}' } });
    expect(await screen.findByText('Unknown variable: {{ .Name }}')).toBeTruthy();
    await user.click(panel.querySelector('button[type="submit"]')!);
    expect(api.writes()).toEqual([]);
  });

  it('inserts a variable at the caret', () => {
    expect(insertAt('Hello !', '{{ .Email }}', 6)).toEqual({ text: 'Hello {{ .Email }}!', caret: 18 });
    expect(draftErrors({ subject: ' ', body: 'x' })).toEqual({ subject: 'Enter a subject', body: undefined });
  });
});
