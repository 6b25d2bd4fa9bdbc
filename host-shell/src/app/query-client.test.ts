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

test('a query or a change answering "project not running" makes the project status be asked again', async () => {
  const client = createShellQueryClient();
  let statusChecks = 0;
  const status = new QueryObserver(client, { queryKey: queryKeys.projectStatus('abc'), queryFn: () => ({ status: 'ACTIVE_HEALTHY', n: ++statusChecks }) });
  const stop = status.subscribe(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(statusChecks).toBe(1);
  const paused = new ApiError(409, 'Project abc is not running; restore it first', 'PROJECT_NOT_ACTIVE');
  await expect(client.fetchQuery({ queryKey: ['buckets', 'abc'], queryFn: () => Promise.reject(paused) })).rejects.toThrow('not running');
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(statusChecks).toBe(2);
  await expect(client.getMutationCache().build(client, { mutationFn: () => Promise.reject(paused) }).execute(undefined)).rejects.toThrow();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(statusChecks).toBe(3);
  // Another failure leaves the status alone.
  await expect(client.fetchQuery({ queryKey: ['buckets', 'x'], queryFn: () => Promise.reject(new ApiError(409, 'Bucket exists', 'CONFLICT')) })).rejects.toThrow();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(statusChecks).toBe(3);
  stop();
});
