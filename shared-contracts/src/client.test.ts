import { describe, expect, it } from 'vitest';
import { createClients } from './client';
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
