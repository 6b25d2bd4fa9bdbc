// The authentication area, defined once (see area-kit/src/define-area.ts): the build emits its data
// part as area-manifest.json for the host; the kit renders its routes and side menu from the same objects.
import { defineArea } from '@plinth/area-kit/define';

const page = { title: 'Authentication' } as const;

export default defineArea({
  id: 'auth-policies',
  title: 'Authentication',
  routes: { project: ['auth'] },
  // The authentication menu of 000 §2.8, plus Policies (the RLS policies page of this area).
  sections: [{ path: 'auth', title: 'Authentication', index: 'auth/users' }],
  pages: [
    { ...page, path: 'auth/users', menu: { group: 'Manage', label: 'Users' }, preload: ['/platform/auth/{ref}/users?page=1&per_page=50'], load: () => import('./src/routes/users') },
    { ...page, path: 'auth/policies', menu: { group: 'Configuration', label: 'Policies' }, preload: ['/platform/pg-meta/{ref}/schemas?include_protected=true', '/platform/pg-meta/{ref}/tables?schema=public', '/platform/pg-meta/{ref}/policies?schema=public'], load: () => import('./src/routes/policies') },
    // 000 §2.8: the last three menu entries are hosted only; each page is a chunk of its own.
    { ...page, path: 'auth/providers', hostedOnly: true, menu: { group: 'Configuration', label: 'Providers' }, load: () => import('./src/features/providers/ProvidersSettings').then((m) => m.ProvidersSettings) },
    { ...page, path: 'auth/templates', hostedOnly: true, menu: { group: 'Configuration', label: 'Templates' }, load: () => import('./src/features/templates/TemplatesEditor').then((m) => m.TemplatesEditor) },
    { ...page, path: 'auth/url-configuration', hostedOnly: true, menu: { group: 'Configuration', label: 'URL Configuration' }, load: () => import('./src/features/url-config/UrlConfiguration').then((m) => m.UrlConfiguration) },
  ],
  nav: [{ key: 'auth', label: 'Authentication', path: 'auth/users', icon: 'auth', order: 40 }],
  links: {
    /** The empty-schema prompt of the policies page leads to the table editor (000 §2.4). */
    tableEditor: { area: 'sql-editor', target: 'tableEditor' },
  },
  targets: {
    users: '/project/:ref/auth/users',
    /** The RLS policies page; `search` (a table id) narrows it to one table (000 §2.1). */
    policies: '/project/:ref/auth/policies',
    /** Sign-in providers, e-mail templates and redirect URLs (Project Settings → Authentication leads here). */
    providers: '/project/:ref/auth/providers',
    emailTemplates: '/project/:ref/auth/templates',
    urlConfiguration: '/project/:ref/auth/url-configuration',
  },
});
