import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localDrafts } from './query-drafts';

const ADA = { projectRef: 'projectaaaaaaaaaaaaa', userId: 'user-ada' };

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('drafts kept in this browser', () => {
  it('are seen only by the user and project they were typed in', () => {
    localDrafts(ADA).put('q1', { sql: 'select secret', baseVersion: 1, at: 1 });
    expect(localDrafts(ADA).get('q1')?.sql).toBe('select secret');
    expect(localDrafts({ ...ADA, userId: 'user-grace' }).get('q1')).toBeNull();
    expect(localDrafts({ ...ADA, projectRef: 'projectbbbbbbbbbbbbb' }).get('q1')).toBeNull();
    expect(localDrafts({ ...ADA, userId: 'user-grace' }).ids()).toEqual([]);
    expect(localDrafts(ADA).ids()).toEqual(['q1']);
  });

  it('keep the text typed last when two tabs type in the same query', () => {
    const drafts = localDrafts(ADA);
    drafts.put('q1', { sql: 'select newer', baseVersion: 1, at: 200, page: 'tab-b' });
    // The other tab, going away, writes what it typed earlier: the newer text stays.
    drafts.put('q1', { sql: 'select older', baseVersion: 1, at: 100, page: 'tab-a' });
    expect(drafts.get('q1')?.sql).toBe('select newer');
    drafts.put('q1', { sql: 'select newest', baseVersion: 1, at: 300, page: 'tab-a' });
    expect(drafts.get('q1')?.sql).toBe('select newest');
  });

  it('drop only the text that was saved: a text typed since stays', () => {
    const drafts = localDrafts(ADA);
    drafts.put('q1', { sql: 'select typed since', baseVersion: 1, at: 2, page: 'tab-b' });
    drafts.drop('q1', 'select saved by tab a');
    expect(drafts.get('q1')?.sql).toBe('select typed since');
    drafts.drop('q1', 'select typed since');
    expect(drafts.get('q1')).toBeNull();
  });

  it('never throw when storage is full or denied, and keep the text for this page', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const drafts = localDrafts(ADA);
    expect(() => drafts.put('q2', { sql: 'select 1', baseVersion: 1, at: 1 })).not.toThrow();
    // Another look from this page (another query and back) still finds it.
    expect(localDrafts(ADA).get('q2')?.sql).toBe('select 1');
    expect(localDrafts(ADA).ids()).toContain('q2');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(localDrafts(ADA).get('q2')?.sql).toBe('select 1');
    drafts.remove('q2');
    expect(localDrafts(ADA).get('q2')).toBeNull();
  });

  it('keep nothing more of a query the user deleted', () => {
    const drafts = localDrafts(ADA);
    drafts.put('q3', { sql: 'select gone', baseVersion: 1, at: 1 });
    drafts.forget('q3');
    drafts.put('q3', { sql: 'select written late', baseVersion: 1, at: 2 });
    expect(drafts.get('q3')).toBeNull();
  });
});
