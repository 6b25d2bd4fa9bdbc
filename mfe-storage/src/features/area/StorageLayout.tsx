import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { PageHeader } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';
import { StorageMenu } from '../storage-menu/StorageMenu';

/** The storage menu on the left and the current storage page on the right. */
export function StorageLayout() {
  return (
    <div css={{ display: 'flex', height: '100%', minHeight: 0, color: tokens.color.text }}>
      <StorageMenu />
      <main css={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        <Outlet />
      </main>
    </div>
  );
}

/** A storage page with its title; pages still to come say what they will hold. */
export function PlaceholderPage({ title, description, children }: { title: string; description?: string; children?: ReactNode }) {
  return (
    <section aria-label={title}>
      <PageHeader title={title} description={description} />
      <div css={{ padding: tokens.space.xl, color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>
        {children ?? <p css={{ margin: 0 }}>This page is coming soon.</p>}
      </div>
    </section>
  );
}
