// Everything, for tests and experiments; areas import the subpaths (./code-editor, ./policy-editor…).
export * from './code-editor';
export * from './policy-editor';
export * from './policy-tester';
export * from './role-picker';
