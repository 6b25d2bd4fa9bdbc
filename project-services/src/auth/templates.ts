import { renderAuthTemplate, type AuthTemplate, type AuthTemplateKind, type AuthTemplateValues } from '@plinth/contracts-auth';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import type { AuthEmailKind } from './email-kind';

// The email templates of a project's auth service: the default wording, or what the console saved
// (one row per project and kind). The mailer renders what is saved here.

type Db = Pick<ControlDatabase, 'query'>;

const withCode = (lead: string) => `${lead}\n\n{{ .ConfirmationURL }}\n\nOr enter this code: {{ .Token }}\n`;

/** The default wording of each email (also what email_change, which has no template, sends). */
export const DEFAULT_TEMPLATES: Record<AuthTemplateKind | 'email_change' | 'reauthentication', { subject: string; body: string }> = {
  confirmation: { subject: 'Confirm your signup', body: withCode('Follow this link to confirm your email address:') },
  invite: { subject: 'You have been invited', body: withCode('You have been invited to create a user. Follow this link to accept the invitation:') },
  magic_link: { subject: 'Your magic link', body: withCode('Follow this link to sign in:') },
  recovery: { subject: 'Reset your password', body: withCode('Follow this link to reset the password of your account:') },
  email_change: { subject: 'Confirm email change', body: withCode('Follow this link to confirm the change of your email address to this one:') },
  reauthentication: { subject: 'Confirm reauthentication', body: 'Enter this code to confirm it is you: {{ .Token }}\n' },
};

/** The template an email of the auth service is written from. */
export const TEMPLATE_OF: Record<AuthEmailKind, AuthTemplateKind | 'email_change' | 'reauthentication'> = {
  signup: 'confirmation',
  invite: 'invite',
  magiclink: 'magic_link',
  recovery: 'recovery',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};

/** Every template of the project, saved or default, in the order of `kinds`. */
export async function readTemplates(control: Db, ref: string, kinds: readonly AuthTemplateKind[]): Promise<AuthTemplate[]> {
  const r = await control.query<{ kind: string; subject: string; body: string }>('select kind, subject, body from project_auth_templates where project_ref = $1', [ref]);
  const saved = new Map(r.rows.map((row) => [row.kind, row]));
  return kinds.map((kind) => {
    const row = saved.get(kind);
    return row ? { kind, subject: row.subject, body: row.body, customized: true } : { kind, ...DEFAULT_TEMPLATES[kind], customized: false };
  });
}

export async function writeTemplate(control: Db, ref: string, kind: AuthTemplateKind, subject: string, body: string): Promise<AuthTemplate> {
  await control.query(
    `insert into project_auth_templates (project_ref, kind, subject, body) values ($1, $2, $3, $4)
     on conflict (project_ref, kind) do update set subject = excluded.subject, body = excluded.body, updated_at = now()`,
    [ref, kind, subject, body],
  );
  return { kind, subject, body, customized: true };
}

/** The subject and body of one email, from the project's template for its kind. */
export async function renderEmail(control: Db, ref: string, kind: AuthEmailKind, values: AuthTemplateValues): Promise<{ subject: string; body: string }> {
  const template = TEMPLATE_OF[kind];
  const r = await control.query<{ subject: string; body: string }>('select subject, body from project_auth_templates where project_ref = $1 and kind = $2', [ref, template]);
  const t = r.rows[0] ?? DEFAULT_TEMPLATES[template];
  return { subject: renderAuthTemplate(t.subject, values).replace(/[\r\n]+/g, ' '), body: renderAuthTemplate(t.body, values) };
}
