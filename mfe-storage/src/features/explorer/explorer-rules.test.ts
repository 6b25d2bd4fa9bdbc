import { describe, expect, it } from 'vitest';
import { STORAGE_MESSAGES, type StorageObject } from '@plinth/contracts-storage';
import {
  abbreviateBreadcrumb,
  checkNewFolderName,
  checkRename,
  expiresAt,
  expirySeconds,
  fileStatus,
  normalizeMoveTarget,
  parseFolderPath,
  previewKind,
  readPreferences,
  renameSelection,
  savePreferences,
  uniqueUploadName,
  uploadable,
} from './explorer-rules';

const file = (over: Partial<StorageObject> = {}): StorageObject => ({
  name: 'a.png',
  id: 'id-1',
  metadata: { size: 10, mimetype: 'image/png' },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  last_accessed_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('new folder names (001 §5)', () => {
  it('takes letters, digits, underscores, hyphens and spaces, trimmed', () => {
    expect(checkNewFolderName('  My folder_2-b ', [])).toEqual({ ok: true, name: 'My folder_2-b' });
    expect(checkNewFolderName('Fotos été', [])).toEqual({ ok: true, name: 'Fotos été' });
  });
  it('cancels on an empty name', () => {
    expect(checkNewFolderName('   ', [])).toEqual({ ok: false, cancel: true });
  });
  it('refuses slashes with the create message, other characters with the invalid one', () => {
    expect(checkNewFolderName('a/b', [])).toMatchObject({ message: STORAGE_MESSAGES.folderNameSlashesCreate });
    expect(checkNewFolderName('a\\b', [])).toMatchObject({ message: 'Folder names should not have forward or back slashes.' });
    expect(checkNewFolderName('a.b', [])).toMatchObject({ message: 'Folder name contains invalid special characters' });
    expect(checkNewFolderName('a#b', [])).toMatchObject({ message: STORAGE_MESSAGES.folderNameInvalid });
  });
  it('refuses a name already in the column', () => {
    expect(checkNewFolderName('docs', ['docs', 'b.txt'])).toMatchObject({
      message: 'The name docs already exists in the current directory. Please use a different name.',
    });
  });
});

describe('renames (001 §5)', () => {
  it('cancels on an empty or unchanged name', () => {
    expect(checkRename('', 'a.txt', false, [])).toEqual({ ok: false, cancel: true });
    expect(checkRename(' a.txt ', 'a.txt', false, ['a.txt'])).toEqual({ ok: false, cancel: true });
  });
  it("refuses slashes in a folder's new name, with the rename message", () => {
    expect(checkRename('x/y', 'docs', true, [])).toMatchObject({ message: 'Folder name cannot contain forward or back slashes.' });
  });
  it('refuses a duplicate and takes a free name', () => {
    expect(checkRename('b.txt', 'a.txt', false, ['a.txt', 'b.txt'])).toMatchObject({ message: STORAGE_MESSAGES.duplicateName('b.txt') });
    expect(checkRename('c.txt', 'a.txt', false, ['a.txt', 'b.txt'])).toEqual({ ok: true, name: 'c.txt' });
  });
});

describe('upload names (001 §5)', () => {
  it("numbers a taken name before its extension: 'name (2)', then '(3)'", () => {
    expect(uniqueUploadName('cat.png', new Set())).toBe('cat.png');
    expect(uniqueUploadName('cat.png', new Set(['cat.png']))).toBe('cat (2).png');
    expect(uniqueUploadName('cat.png', new Set(['cat.png', 'cat (2).png']))).toBe('cat (3).png');
    expect(uniqueUploadName('README', new Set(['README']))).toBe('README (2)');
    expect(uniqueUploadName('.env', new Set(['.env']))).toBe('.env (2)');
    expect(uniqueUploadName('a.tar.gz', new Set(['a.tar.gz']))).toBe('a.tar (2).gz');
  });
  it("drops paths containing '#/'", () => {
    expect(uploadable('photos/cat.png')).toBe(true);
    expect(uploadable('weird#/cat.png')).toBe(false);
    expect(uploadable('ok#name.png')).toBe(true);
  });
});

describe('paths and breadcrumb (001 §2, §5)', () => {
  it('splits a typed path on slashes and drops empty parts; empty is the root', () => {
    expect(parseFolderPath('Parent Folder/Child Folder')).toEqual(['Parent Folder', 'Child Folder']);
    expect(parseFolderPath('//a///b/')).toEqual(['a', 'b']);
    expect(parseFolderPath('')).toEqual([]);
    expect(parseFolderPath(' / ')).toEqual([]);
  });
  it('abbreviates beyond 5 parts to the first 2 and the last 2', () => {
    expect(abbreviateBreadcrumb(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(abbreviateBreadcrumb(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual(['a', 'b', '…', 'e', 'f']);
  });
  it('strips the leading slash of a move destination; blank is the bucket root', () => {
    expect(normalizeMoveTarget('/archive/2024')).toBe('archive/2024');
    expect(normalizeMoveTarget('   ')).toBe('');
    expect(normalizeMoveTarget('/')).toBe('');
  });
});

describe('signed URL expiry (001 §5, §9)', () => {
  it('multiplies by the unit: day, week, 30-day month, 365-day year', () => {
    expect(expirySeconds('2', 'days')).toEqual({ seconds: 172_800 });
    expect(expirySeconds('1', 'weeks')).toEqual({ seconds: 604_800 });
    expect(expirySeconds('1', 'months')).toEqual({ seconds: 2_592_000 });
    expect(expirySeconds('1', 'years')).toEqual({ seconds: 31_536_000 });
  });
  it('is nothing while empty and refuses 0 or less with the message', () => {
    expect(expirySeconds('', 'days')).toBeNull();
    expect(expirySeconds('0', 'days')).toEqual({ message: 'Expiry duration cannot be less than 0' });
    expect(expirySeconds('-3', 'weeks')).toEqual({ message: 'Expiry duration cannot be less than 0' });
  });
  it('previews the date the URL stops working', () => {
    expect(expiresAt(new Date('2026-01-01T00:00:00Z'), 604_800).toISOString()).toBe('2026-01-08T00:00:00.000Z');
  });
});

describe('item status and preview (001 §4)', () => {
  const created = Date.parse('2026-01-01T00:00:00Z');
  it('counts a file without metadata as loading for 15 minutes, corrupted after', () => {
    const bare = file({ metadata: null });
    expect(fileStatus(bare, created + 14 * 60_000)).toBe('loading');
    expect(fileStatus(bare, created + 16 * 60_000)).toBe('corrupted');
    expect(fileStatus(file(), created + 60 * 60_000)).toBe('ready');
    expect(fileStatus(file({ id: null, metadata: null }), created + 60 * 60_000)).toBe('ready');
  });
  it('previews by MIME type, skips above 10,000,000 bytes, shows none without metadata', () => {
    expect(previewKind(file())).toBe('image');
    expect(previewKind(file({ metadata: { size: 10, mimetype: 'audio/mpeg' } }))).toBe('audio');
    expect(previewKind(file({ metadata: { size: 10, mimetype: 'video/mp4' } }))).toBe('video');
    expect(previewKind(file({ metadata: { size: 10, mimetype: 'application/json' } }))).toBe('json');
    expect(previewKind(file({ metadata: { size: 10, mimetype: 'application/pdf' } }))).toBe('pdf');
    expect(previewKind(file({ metadata: { size: 10, mimetype: 'text/csv' } }))).toBe('text');
    expect(previewKind(file({ metadata: { size: 10, mimetype: 'application/zip' } }))).toBe('other');
    expect(previewKind(file({ metadata: { size: 10_000_000, mimetype: 'image/png' } }))).toBe('image');
    expect(previewKind(file({ metadata: { size: 10_000_001, mimetype: 'image/png' } }))).toBe('skipped');
    expect(previewKind(file({ metadata: null }))).toBe('none');
  });
});

describe('preferences per project (001 §3)', () => {
  it('keeps view and sort per project and falls back to columns by name ascending', () => {
    const mem = new Map<string, string>();
    const storage = { getItem: (k: string) => mem.get(k) ?? null, setItem: (k: string, v: string) => void mem.set(k, v) };
    expect(readPreferences('aaa', storage)).toEqual({ view: 'columns', sortBy: 'name', sortByOrder: 'asc' });
    savePreferences('aaa', { view: 'list', sortBy: 'updated_at', sortByOrder: 'desc' }, storage);
    expect(readPreferences('aaa', storage)).toEqual({ view: 'list', sortBy: 'updated_at', sortByOrder: 'desc' });
    expect(readPreferences('bbb', storage).view).toBe('columns');
    mem.set([...mem.keys()][0]!, '{"view":"grid","sortBy":"size"}');
    expect(readPreferences('aaa', storage)).toEqual({ view: 'columns', sortBy: 'name', sortByOrder: 'asc' });
  });
});

describe('rename field (001 §5)', () => {
  it('selects a file name without its extension for a rename, and all of a folder, dotfile or name without a dot', () => {
    const selected = (name: string, folder: boolean) => {
      const { start, end } = renameSelection(name, folder);
      return name.slice(start, end);
    };
    expect(selected('report.final.pdf', false)).toBe('report.final');
    expect(selected('photo.png', false)).toBe('photo');
    expect(selected('.env', false)).toBe('.env');
    expect(selected('README', false)).toBe('README');
    expect(selected('v1.2', true)).toBe('v1.2');
    expect(selected('docs', true)).toBe('docs');
  });
});
