import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { isProjectStatusKey, saysProjectNotRunning } from './project-not-running';
import { queryKeys } from './query-keys';

describe('an answer saying the project is not running', () => {
  it('tells an answer saying the project is not running from other failures, and finds the status queries', () => {
    expect(saysProjectNotRunning(new ApiError(409, 'Project abc is not running; restore it first', 'PROJECT_NOT_ACTIVE'))).toBe(true);
    expect(saysProjectNotRunning(new ApiError(503, 'The database of project abc is not reachable', 'PROJECT_OFFLINE'))).toBe(true);
    expect(saysProjectNotRunning({ code: 'REST_OFFLINE', message: 'from another copy of the contracts' })).toBe(true);
    expect(saysProjectNotRunning(new ApiError(409, 'Bucket exists', 'CONFLICT'))).toBe(false);
    expect(saysProjectNotRunning(new Error('Failed to fetch'))).toBe(false);
    expect(saysProjectNotRunning(undefined)).toBe(false);
    expect(isProjectStatusKey(queryKeys.projectStatus('abc'))).toBe(true);
    expect(isProjectStatusKey(queryKeys.project('abc'))).toBe(false);
  });
});
