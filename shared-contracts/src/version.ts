/** Kept equal to package.json's version (version.test.ts checks it). A breaking change is a new major. */
export const CONTRACTS_VERSION = '1.7.0';
export const CONTRACTS_MAJOR: number = Number(CONTRACTS_VERSION.split('.')[0]);

export function isCompatibleContractsMajor(remoteMajor: number): boolean {
  return remoteMajor === CONTRACTS_MAJOR;
}
export * from './runtime-contract';
