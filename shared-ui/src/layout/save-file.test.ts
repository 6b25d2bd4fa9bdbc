import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from './save-file';

describe('saveFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads a text under its file name with its type, and leaves no link behind', () => {
    const made: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob);
      return 'blob:result';
    });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveFile('result.csv', 'a,b\n1,2\n', 'text/csv');
    expect(clicked).toEqual([{ href: 'blob:result', download: 'result.csv' }]);
    expect(made[0].type).toBe('text/csv');
    expect(made[0].size).toBe('a,b\n1,2\n'.length);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('downloads a blob as it is', () => {
    const blob = new Blob(['zip'], { type: 'application/zip' });
    let given: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      given = b as Blob;
      return 'blob:zip';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    saveFile('files.zip', blob);
    expect(given).toBe(blob);
  });
});
