export { PolicyEditorDialog } from './PolicyEditorDialog';
export type { PolicyEditorDialogProps, PolicyEditorView } from './PolicyEditorDialog';
export * from './policy-form';
export * from './policy-sql';
