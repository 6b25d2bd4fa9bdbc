import { describe, expect, it } from 'vitest';
import { runtimeContractProblems, satisfiesRange } from './runtime-contract';

describe('runtime contract', () => {
  it('reads the ranges a build states: caret, tilde, at least, exact, any', () => {
    expect(satisfiesRange('1.4.2', '^1.2.0')).toBe(true);
    expect(satisfiesRange('1.1.9', '^1.2.0')).toBe(false);
    expect(satisfiesRange('2.0.0', '^1.2.0')).toBe(false);
    expect(satisfiesRange('0.3.5', '^0.3.1')).toBe(true);
    expect(satisfiesRange('0.4.0', '^0.3.1')).toBe(false);
    expect(satisfiesRange('1.2.9', '~1.2.3')).toBe(true);
    expect(satisfiesRange('1.3.0', '~1.2.3')).toBe(false);
    expect(satisfiesRange('3.0.0', '>=1.2.3')).toBe(true);
    expect(satisfiesRange('1.2.3', '1.2.3')).toBe(true);
    expect(satisfiesRange('1.2.4', '1.2.3')).toBe(false);
    expect(satisfiesRange('1.2.4', '*')).toBe(true);
    expect(satisfiesRange('1.2.0-beta.1', '^1.2.0')).toBe(false);
    expect(satisfiesRange('2.1.0', '^1.0.0 || ^2.0.0')).toBe(true);
    expect(satisfiesRange('1.2.0', 'latest')).toBe(false);
  });

  it('lists each shortfall: a module missing, a version below the range, an export missing, another contracts major', () => {
    expect(
      runtimeContractProblems(
        {
          modules: {
            a: { requiredVersion: '^1.0.0', imports: null },
            b: { requiredVersion: '^2.1.0', imports: ['x', 'y'] },
            c: { requiredVersion: '^1.0.0', imports: ['z'] },
          },
          contracts: { '@plinth/contracts-storage': 2 },
        },
        { modules: { b: { version: '2.0.0', exports: ['x'] }, c: { version: '1.0.0' } }, contracts: { '@plinth/contracts-storage': 1 } },
      ),
    ).toEqual([
      { kind: 'missing-module', module: 'a', wanted: '^1.0.0' },
      { kind: 'version', module: 'b', wanted: '^2.1.0', provided: '2.0.0' },
      { kind: 'missing-export', module: 'b', name: 'y', provided: '2.0.0' },
      { kind: 'contracts', module: '@plinth/contracts-storage', wanted: 2, provided: 1 },
    ]);
  });
});
