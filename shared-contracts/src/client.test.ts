import { describe, expect, it } from 'vitest';
import { createClients, lazyClient } from './client';
import { createProjectsClient } from './projects';
import { createOrganizationsClient } from './organizations';

describe('createClients', () => {
  it('builds only the named clients, all over one connection to the given base', async () => {
    const asked: string[] = [];
    const fetchImpl = (async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return new Response(JSON.stringify({ message: 'No such project' }), { status: 404, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const api = createClients({ baseUrl: '/api', fetch: fetchImpl }, { projects: createProjectsClient, organizations: createOrganizationsClient });
    expect(Object.keys(api).sort()).toEqual(['http', 'organizations', 'projects']);
    await expect(api.projects.get('abcdefghijklmnopqrst')).rejects.toThrow('No such project');
    expect(asked).toEqual(['/api/platform/projects/abcdefghijklmnopqrst']);
  });
});

describe('lazyClient', () => {
  const asked: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;

  it('loads the client on its first call only, once, and answers as the client itself would', async () => {
    let loads = 0;
    asked.length = 0;
    const api = createClients(
      { baseUrl: '/api', fetch: fetchImpl },
      { organizations: lazyClient(async () => (loads++, createOrganizationsClient)) },
    );
    expect(loads).toBe(0);
    const direct = createClients({ baseUrl: '/api', fetch: fetchImpl }, { organizations: createOrganizationsClient });
    const [a, b] = await Promise.all([api.organizations.list(), api.organizations.list()]);
    expect(loads).toBe(1);
    expect(a).toEqual(await direct.organizations.list());
    expect(b).toEqual(a);
    expect(asked.slice(0, 2)).toEqual(['/api/platform/organizations', '/api/platform/organizations']);
  });

  it('rejects the call whose load failed, and loads again on the next call', async () => {
    let attempt = 0;
    const api = createClients(
      { baseUrl: '/api', fetch: fetchImpl },
      {
        organizations: lazyClient(async () => {
          attempt += 1;
          if (attempt === 1) throw new Error('Loading chunk 12 failed');
          return createOrganizationsClient;
        }),
      },
    );
    await expect(api.organizations.list()).rejects.toThrow('Loading chunk 12 failed');
    await expect(api.organizations.list()).resolves.toBeDefined();
    expect(attempt).toBe(2);
  });

  it('names a call the client does not have', async () => {
    const api = createClients({ baseUrl: '/api', fetch: fetchImpl }, { organizations: lazyClient(async () => createOrganizationsClient) });
    const unknown = (api.organizations as unknown as Record<string, () => Promise<unknown>>).nothingLikeThis;
    await expect(unknown()).rejects.toThrow('This client has no call named nothingLikeThis');
  });
});
