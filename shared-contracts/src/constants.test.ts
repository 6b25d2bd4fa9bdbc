import { describe, expect, it } from 'vitest';
import { convertFromBytes, convertToBytes, convertToLargestUnit, DEFAULT_UPLOAD_LIMIT, formatBytes, FREE_PLAN_UPLOAD_LIMIT, GB, pageTitle } from './constants';

describe('size units in base 1024', () => {
  it('converts a value in a unit to bytes and back', () => {
    expect(convertToBytes(1, 'KB')).toBe(1024);
    expect(convertToBytes(5, 'GB')).toBe(DEFAULT_UPLOAD_LIMIT);
    expect(convertToBytes(50, 'MB')).toBe(FREE_PLAN_UPLOAD_LIMIT);
    expect(convertFromBytes(1048576, 'MB')).toBe(1);
    expect(convertFromBytes(512, 'KB')).toBe(0.5);
  });
  it('picks the largest unit and caps at GB', () => {
    expect(convertToLargestUnit(0)).toEqual({ value: 0, unit: 'bytes' });
    expect(convertToLargestUnit(1023)).toEqual({ value: 1023, unit: 'bytes' });
    expect(convertToLargestUnit(1536)).toEqual({ value: 1.5, unit: 'KB' });
    expect(convertToLargestUnit(5 * 1024 * GB)).toEqual({ value: 5120, unit: 'GB' });
    expect(formatBytes(DEFAULT_UPLOAD_LIMIT)).toBe('5 GB');
  });
  it('formats page titles as "{title} | product"', () => {
    expect(pageTitle('Storage')).toBe('Storage | Plinth');
  });
});
