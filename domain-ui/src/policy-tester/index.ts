export { PolicyTester } from './PolicyTester';
export type { PolicyTesterProps, TesterUser } from './PolicyTester';
export { cellText, parseClaims, parseRows } from './tester-input';
