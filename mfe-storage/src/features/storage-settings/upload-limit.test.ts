import { describe, expect, it } from 'vitest';
import { digitsOnly, formBytes, formFromBytes, inlineLimitError, uploadLimitUpdate } from './upload-limit';

describe('upload file size limit', () => {
  it('shows a stored limit in the largest whole unit, base 1024', () => {
    expect(formFromBytes(52_428_800)).toEqual({ value: '50', unit: 'MB' });
    expect(formFromBytes(5_368_709_120)).toEqual({ value: '5', unit: 'GB' });
    expect(formFromBytes(1536)).toEqual({ value: '1536', unit: 'bytes' });
    expect(formFromBytes(2048)).toEqual({ value: '2', unit: 'KB' });
  });

  it('keeps digits only', () => {
    expect(digitsOnly('1.5e3 MB')).toBe('153');
    expect(digitsOnly('-20')).toBe('20');
  });

  it('names the most the chosen unit allows once the value passes 5 GB', () => {
    expect(inlineLimitError({ value: '5', unit: 'GB' })).toBeNull();
    expect(inlineLimitError({ value: '6', unit: 'GB' })).toBe('Maximum limit is up to 5 GB.');
    expect(inlineLimitError({ value: '5121', unit: 'MB' })).toBe('Maximum limit is up to 5,120 MB.');
    expect(inlineLimitError({ value: '5242881', unit: 'KB' })).toBe('Maximum limit is up to 5,242,880 KB.');
    expect(inlineLimitError({ value: '5368709121', unit: 'bytes' })).toBe('Maximum limit is up to 5,368,709,120 bytes.');
  });

  it('sends bytes, and refuses over 5 GB with the notice of the spec', () => {
    expect(formBytes({ value: '20', unit: 'MB' })).toBe(20_971_520);
    expect(uploadLimitUpdate({ value: '20', unit: 'MB' })).toEqual({ ok: true, body: { fileSizeLimit: 20_971_520 } });
    expect(uploadLimitUpdate({ value: '6', unit: 'GB' })).toEqual({ ok: false, message: 'Upload file size limit must be up to 5GB (5,368,709,120 bytes)' });
  });
});
