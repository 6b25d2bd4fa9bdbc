import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTRACTS_MAJOR, CONTRACTS_VERSION, isCompatibleContractsMajor } from './version';

describe('contracts version', () => {
  it('matches the package version so remotes declare the major they were built against', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(CONTRACTS_VERSION).toBe(pkg.version);
  });
  it('accepts only the same major', () => {
    expect(isCompatibleContractsMajor(CONTRACTS_MAJOR)).toBe(true);
    expect(isCompatibleContractsMajor(CONTRACTS_MAJOR + 1)).toBe(false);
  });
});
