import { expect, test } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { ApiError, queryKeys } from '@plinth/shared-contracts';
import { createShellQueryClient } from './query-client';

test('a 401 on any query makes the session be checked again', async () => {
  const client = createShellQueryClient();
  let sessionChecks = 0;
  const session = new QueryObserver(client, { queryKey: queryKeys.session(), queryFn: () => ++sessionChecks });
  const stop = session.subscribe(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(sessionChecks).toBe(1);
  await expect(client.fetchQuery({ queryKey: queryKeys.projects(), queryFn: () => Promise.reject(new ApiError(401, 'Not signed in')) })).rejects.toThrow('Not signed in');
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(sessionChecks).toBe(2);
  stop();
});

test('a 4xx answer is not retried', async () => {
  const client = createShellQueryClient();
  let calls = 0;
  await expect(client.fetchQuery({ queryKey: ['x'], queryFn: () => { calls++; return Promise.reject(new ApiError(404, 'Project not found')); }, retry: client.getDefaultOptions().queries?.retry })).rejects.toThrow();
  expect(calls).toBe(1);
});
