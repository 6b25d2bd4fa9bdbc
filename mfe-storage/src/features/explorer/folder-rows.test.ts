import { describe, expect, it } from 'vitest';
import { EMPTY_FOLDER_PLACEHOLDER, type StorageObject, type StorageObjectPage } from '@plinth/contracts-storage';
import { folderRows, rowsView } from './folder-rows';

const file = (name: string, size: number): StorageObject => ({ name, id: `id-${name}`, metadata: { size }, created_at: null, updated_at: null, last_accessed_at: null });
const folder = (name: string): StorageObject => ({ name, id: null, metadata: null, created_at: null, updated_at: null, last_accessed_at: null });
const page = (items: StorageObject[], nextCursor: string | null = 'more'): StorageObjectPage => ({ items, nextCursor });

describe('a folder read by index from its pages', () => {
  const pages = [page([folder('photos'), file('a.txt', 10), file(EMPTY_FOLDER_PLACEHOLDER, 0)]), page([file('b.txt', 20), file('c.txt', 30)], null)];

  it('reads entries across pages in order, without the empty-folder placeholder', () => {
    const rows = folderRows(pages);
    expect(rows.count).toBe(4);
    expect([0, 1, 2, 3].map((i) => rows.at(i)?.name)).toEqual(['photos', 'a.txt', 'b.txt', 'c.txt']);
    expect(rows.at(4)).toBeUndefined();
    expect(rows.at(-1)).toBeUndefined();
  });

  it("totals the loaded files' sizes and lists names and file paths on demand", () => {
    const rows = folderRows(pages);
    expect(rows.bytes).toBe(60);
    expect(rows.names()).toEqual(['photos', 'a.txt', 'b.txt', 'c.txt']);
    expect(rows.filePaths('docs')).toEqual(['docs/a.txt', 'docs/b.txt', 'docs/c.txt']);
  });

  it('keeps earlier pages as they were when a page is added', () => {
    const before = folderRows(pages.slice(0, 1));
    const after = folderRows([...pages, page([file('d.txt', 5)], null)]);
    expect(before.count).toBe(2);
    expect(after.count).toBe(5);
    expect(after.at(1)).toBe(before.at(1));
    expect(after.at(4)?.name).toBe('d.txt');
  });

  it('shows as a list with the new-folder row first', () => {
    const list = rowsView(folderRows(pages), 1);
    expect(list.length).toBe(5);
    expect(list[0]).toBeNull();
    expect(list[1]?.name).toBe('photos');
    expect(list[4]?.name).toBe('c.txt');
  });
});
