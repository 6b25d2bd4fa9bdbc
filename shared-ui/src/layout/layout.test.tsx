import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SideMenu } from './SideMenu';
import { EmptyState, ErrorPanel, Spinner } from './states';
import { PageHeader } from './PageHeader';

const groups = [
  {
    key: 'manage',
    title: 'Manage',
    items: [
      { key: 'buckets', label: 'Buckets', href: '/project/abc/storage/buckets' },
      { key: 'policies', label: 'Policies', href: '/project/abc/storage/policies' },
    ],
  },
  { key: 'more', title: 'Resources', items: [{ key: 'docs', label: 'Documentation', href: 'https://example.org/docs', external: true }] },
];

describe('SideMenu', () => {
  it('marks the active page and navigates in-console links without a page load', async () => {
    const user = userEvent.setup();
    const navigate = vi.fn();
    render(<SideMenu title="Storage" groups={groups} activeKey="policies" onNavigate={navigate} />);
    expect(screen.getByRole('navigation', { name: 'Storage' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Policies' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Buckets' }).getAttribute('aria-current')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Buckets' }));
    expect(navigate).toHaveBeenCalledWith('/project/abc/storage/buckets');
  });

  it('opens outbound links in a new tab', () => {
    render(<SideMenu title="Storage" groups={groups} onNavigate={() => {}} />);
    const link = screen.getByRole('link', { name: /Documentation/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

describe('region states', () => {
  it('an error panel says what failed and retries', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    render(<ErrorPanel title="Storage could not be loaded" message="The storage area did not answer in time." onRetry={retry} />);
    const panel = screen.getByRole('alert');
    expect(panel.textContent).toContain('Storage could not be loaded');
    expect(panel.textContent).toContain('The storage area did not answer in time.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('a spinner is announced as loading', () => {
    render(<Spinner label="Loading buckets" />);
    expect(screen.getByRole('status', { name: 'Loading buckets' })).toBeTruthy();
  });

  it('an empty state shows its title and action; a page header its heading', () => {
    render(
      <>
        <PageHeader title="Buckets" actions={<button type="button">New bucket</button>} />
        <EmptyState title="No buckets yet" action={<button type="button">Create bucket</button>} />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Buckets' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'No buckets yet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create bucket' })).toBeTruthy();
  });
});

describe('InlineNotice', () => {
  it('announces a warning with its title and text', async () => {
    const { InlineNotice } = await import('./Notice');
    render(<InlineNotice kind="warning" title="This action cannot be undone.">All files in the bucket are deleted.</InlineNotice>);
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain('This action cannot be undone.');
    expect(notice.textContent).toContain('All files in the bucket are deleted.');
  });
});

describe('SideMenu groups', () => {
  it('names each group by its title', () => {
    render(<SideMenu title="Storage" groups={groups} />);
    const manage = screen.getByRole('group', { name: 'Manage' });
    expect(manage.querySelectorAll('a')).toHaveLength(2);
  });
});
