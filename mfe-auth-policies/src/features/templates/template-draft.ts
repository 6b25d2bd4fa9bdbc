import { AUTH_TEMPLATE_BODY_MAX, AUTH_TEMPLATE_PREVIEW_VALUES, AUTH_TEMPLATE_SUBJECT_MAX, renderAuthTemplate, unknownTemplateVariables } from '@plinth/contracts-auth';

// A template being edited: what is wrong with it, and how it reads once its variables are filled in.

export interface TemplateDraft {
  subject: string;
  body: string;
}

export interface DraftErrors {
  subject?: string;
  body?: string;
}

function problem(text: string, what: 'subject' | 'body'): string | undefined {
  const max = what === 'subject' ? AUTH_TEMPLATE_SUBJECT_MAX : AUTH_TEMPLATE_BODY_MAX;
  if (!text.trim()) return what === 'subject' ? 'Enter a subject' : 'Enter the message body';
  if (text.length > max) return `At most ${max.toLocaleString('en')} characters`;
  const unknown = unknownTemplateVariables(text);
  return unknown.length ? `Unknown variable: ${unknown.join(', ')}` : undefined;
}

/** The same rules the API applies (contracts' AuthTemplateUpdateSchema), worded for the form. */
export function draftErrors(draft: TemplateDraft): DraftErrors {
  return { subject: problem(draft.subject, 'subject'), body: problem(draft.body, 'body') };
}

/** The email as a user would receive it, with example values. */
export function preview(draft: TemplateDraft): TemplateDraft {
  return { subject: renderAuthTemplate(draft.subject, AUTH_TEMPLATE_PREVIEW_VALUES), body: renderAuthTemplate(draft.body, AUTH_TEMPLATE_PREVIEW_VALUES) };
}

/** The body with `insert` put in place of the selection [start, end). */
export function insertAt(text: string, insert: string, start: number, end = start): { text: string; caret: number } {
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
