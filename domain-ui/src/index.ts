export * from './code-editor';
