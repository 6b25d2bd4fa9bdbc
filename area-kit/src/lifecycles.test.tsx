// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Route, Routes } from 'react-router-dom';
import type { AreaMountProps } from '@plinth/shared-contracts';
import { createAreaModule } from './lifecycles';
import { useArea } from './area-context';
import { readStoredTheme, useTheme } from '@plinth/shared-ui/theme';
import { hostMountProps } from './testing/mount-props';

// Lifecycles render through their own React root, as in the page: no act() around them.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

function StorageApp(props: AreaMountProps) {
  const client = useQueryClient();
  const { projectRef, api } = useArea();
  return (
    <div>
      <p>theme {props.theme}</p>
      <p>{client === props.queryClient ? 'host cache' : 'own cache'}</p>
      <p>project {projectRef}</p>
      <p>api at {(api as { base?: string }).base}</p>
      <Routes>
        <Route index element={<Link to="buckets/avatars">Open avatars</Link>} />
        <Route path="buckets/:id" element={<h1>Bucket page</h1>} />
      </Routes>
    </div>
  );
}

/** A page with its own theme switch, as Account → Preferences has. */
function ThemeApp() {
  const { theme, setTheme } = useTheme();
  return (
    <button type="button" onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}>
      theme {theme}
    </button>
  );
}

const BUILD = { area: 'storage', title: 'Storage', version: '1.2.3', contractsMajor: 1 };
const createApi = (apiBase: string) => ({ base: apiBase });

describe('createAreaModule', () => {
  it('states who it is', () => {
    const module = createAreaModule(StorageApp, BUILD, createApi);
    expect([module.area, module.version, module.contractsMajor]).toEqual(['storage', '1.2.3', 1]);
  });

  it('mounts the area under its base path with the host cache, follows links, updates and unmounts', async () => {
    window.history.pushState(null, '', '/project/abc/storage');
    const element = document.createElement('div');
    document.body.append(element);
    const lifecycles = createAreaModule(StorageApp, BUILD, createApi);
    const props = hostMountProps(element);

    await lifecycles.bootstrap(props);
    await lifecycles.mount(props);
    expect(element.textContent).toContain('host cache');
    expect(element.textContent).toContain('project abc');
    expect(element.textContent).toContain('api at /api');

    element.querySelector('a')!.click();
    await waitFor(() => expect(element.querySelector('h1')?.textContent).toBe('Bucket page'));
    expect(window.location.pathname).toBe('/project/abc/storage/buckets/avatars');

    await lifecycles.update({ ...props, theme: 'light' });
    await waitFor(() => expect(element.textContent).toContain('theme light'));

    await lifecycles.unmount(props);
    expect(element.innerHTML).toBe('');
  });

  it('follows the address when the host moves the page (popstate)', async () => {
    window.history.pushState(null, '', '/project/abc/storage');
    const element = document.createElement('div');
    document.body.append(element);
    const lifecycles = createAreaModule(StorageApp, BUILD, createApi);
    const props = hostMountProps(element);
    await lifecycles.mount(props);
    window.history.pushState(null, '', '/project/abc/storage/buckets/logs');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    await waitFor(() => expect(element.querySelector('h1')?.textContent).toBe('Bucket page'));
    await lifecycles.unmount(props);
  });

  it("hands a theme picked in the area to the shell, which keeps it and gives it back; an older shell's area keeps it in the browser", async () => {
    window.history.pushState(null, '', '/account/me');
    const element = document.createElement('div');
    const lifecycles = createAreaModule(ThemeApp, { ...BUILD, area: 'settings-billing' }, createApi);
    const picked: string[] = [];
    const props = hostMountProps(element, { basePath: '/', theme: 'dark', setTheme: (t) => picked.push(t) });
    await lifecycles.mount(props);
    element.querySelector('button')!.click();
    expect(picked).toEqual(['light']);
    // The shell's new theme comes back as a prop.
    await lifecycles.update({ ...props, theme: 'light' });
    await waitFor(() => expect(element.textContent).toBe('theme light'));
    await lifecycles.unmount(props);

    window.localStorage.clear();
    const older = hostMountProps(element, { basePath: '/', theme: 'dark', setTheme: undefined });
    await lifecycles.mount(older);
    element.querySelector('button')!.click();
    expect(readStoredTheme()).toBe('light');
    await lifecycles.unmount(older);
  });

  it('uses its own cache when started without the host (standalone)', async () => {
    window.history.pushState(null, '', '/');
    const element = document.createElement('div');
    const lifecycles = createAreaModule(StorageApp, BUILD, createApi);
    const props = hostMountProps(element, { basePath: '/', queryClient: undefined });
    await lifecycles.mount(props);
    expect(element.textContent).toContain('own cache');
    await lifecycles.unmount(props);
  });

  it('rejects the mount of a build stamped with the throw-on-mount fault, naming the area (by its manifest’s title) and version', async () => {
    const element = document.createElement('div');
    const lifecycles = createAreaModule(StorageApp, { ...BUILD, version: '9.9.9', fault: 'throw-on-mount' }, createApi);
    await expect(lifecycles.mount(hostMountProps(element))).rejects.toThrow('The Storage area (version 9.9.9) threw while mounting');
    expect(element.innerHTML).toBe('');
  });
});
