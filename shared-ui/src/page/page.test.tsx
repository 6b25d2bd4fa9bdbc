import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { PageHeader, EmptyState } from '@plinth/shared-ui/layout';
import { Card, InlineError, KeyValueList, LoadingSkeleton, Section, ShortcutHint, StatusBadge, Tabs } from './index';

function TabbedPage() {
  const [tab, setTab] = useState('buckets');
  return (
    <PageHeader
      title="Storage"
      description="Files and the rules that guard them."
      actions={<button type="button">New bucket</button>}
      tabs={<Tabs aria-label="Storage sections" value={tab} onValueChange={setTab} items={[{ key: 'buckets', label: 'Buckets' }, { key: 'policies', label: 'Policies' }, { key: 'settings', label: 'Settings' }]} />}
    />
  );
}

describe('PageHeader with tabs', () => {
  it('shows the title, description and actions, and moves between tabs with the arrows', async () => {
    const user = userEvent.setup();
    render(<TabbedPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Storage' })).toBeTruthy();
    expect(screen.getByText('Files and the rules that guard them.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New bucket' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    tabs[0].focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Policies' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Policies' }));
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Buckets' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Policies' }));
    expect(screen.getByRole('tab', { name: 'Policies' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('Section and Card', () => {
  it('are landmarks named by their titles, with description, actions and footer', () => {
    render(
      <Section title="Connection" description="How your app reaches the database." actions={<button type="button">Reset</button>}>
        <Card title="Direct connection" footer={<button type="button">Save</button>}>
          body
        </Card>
      </Section>,
    );
    const section = screen.getByRole('region', { name: 'Connection' });
    expect(within(section).getByText('How your app reaches the database.')).toBeTruthy();
    const card = within(section).getByRole('region', { name: 'Direct connection' });
    expect(within(card).getByRole('heading', { level: 3, name: 'Direct connection' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});

describe('EmptyState', () => {
  it('shows an icon, a title, one sentence and the primary action', async () => {
    const user = userEvent.setup();
    const create = vi.fn();
    render(<EmptyState icon={<svg data-testid="icon" />} title="No buckets yet" description="Buckets hold your files." action={<button type="button" onClick={create}>New bucket</button>} framed />);
    expect(screen.getByTestId('icon')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No buckets yet' })).toBeTruthy();
    expect(screen.getByText('Buckets hold your files.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New bucket' }));
    expect(create).toHaveBeenCalled();
  });
});

describe('LoadingSkeleton', () => {
  it('is announced as loading by its label while its placeholders stay hidden', () => {
    const { container } = render(<LoadingSkeleton label="Loading buckets" rows={4} />);
    const status = screen.getByRole('status', { name: 'Loading buckets' });
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelectorAll('[aria-hidden="true"]').length).toBeGreaterThanOrEqual(4);
    expect(status.textContent).toBe('');
  });
});

describe('InlineError', () => {
  it('says what failed and retries', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    render(<InlineError message="Failed to load schemas" detail="The database did not answer." onRetry={retry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Failed to load schemas');
    expect(alert.textContent).toContain('The database did not answer.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('KeyValueList', () => {
  it('pairs each label with its value in a description list', () => {
    const { container } = render(<KeyValueList items={[{ key: 'region', label: 'Region', value: 'eu-west-1' }, { key: 'plan', label: 'Plan', value: 'Free' }]} />);
    const terms = [...container.querySelectorAll('dt')].map((dt) => dt.textContent);
    const values = [...container.querySelectorAll('dd')].map((dd) => dd.textContent);
    expect(terms).toEqual(['Region', 'Plan']);
    expect(values).toEqual(['eu-west-1', 'Free']);
  });
});

describe('ShortcutHint', () => {
  it('draws keycaps and spells the keys out: Ctrl elsewhere, ⌘ on a Mac', () => {
    render(
      <>
        <ShortcutHint keys={['Mod', 'K']} platform="Linux x86_64" />
        <ShortcutHint keys={['Mod', 'Shift', 'P']} platform="MacIntel" />
      </>,
    );
    const pc = screen.getByRole('img', { name: 'Control K' });
    expect([...pc.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(['Ctrl', 'K']);
    const mac = screen.getByRole('img', { name: 'Command Shift P' });
    expect([...mac.querySelectorAll('kbd')].map((k) => k.textContent)).toEqual(['⌘', 'Shift', 'P']);
  });
});

describe('StatusBadge', () => {
  it('says the status in words, its colour only a dot beside them', () => {
    render(<StatusBadge tone="warning">Paused</StatusBadge>);
    const badge = screen.getByText('Paused');
    expect(badge.getAttribute('data-tone')).toBe('warning');
    expect(badge.querySelector('[aria-hidden="true"]')).toBeTruthy();
  });
});
