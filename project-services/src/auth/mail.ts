import nodemailer from 'nodemailer';
import type { ControlDatabase } from '@plinth/platform-core/deps';
import type { AuthEmailKind } from './email-kind';
import { renderEmail } from './templates';

// Emails of the auth service (confirmation, invite, magic link, recovery, email change). Sent over
// SMTP when PLINTH_SMTP_URL is set; otherwise kept in the project's outbox (control database),
// listed by GET /api/platform/projects/{ref}/auth/outbox, so a developer can follow the links.
// Subject and body come from the project's templates (templates.ts), edited in the console.

export type { AuthEmailKind };

export interface AuthEmail {
  ref: string;
  to: string;
  kind: AuthEmailKind;
  /** The verification link of the email. */
  link: string;
  /** The six-digit code that verifyOtp accepts instead of the link. */
  otp: string;
  /** The project's site URL and where the link leads, for the templates' {{ .SiteURL }} and {{ .RedirectTo }}. */
  siteUrl?: string;
  redirectTo?: string;
}

export interface AuthMailer {
  send(mail: AuthEmail): Promise<void>;
}

/** Sends over SMTP when `smtpUrl` is given, else writes to the control database's outbox. */
export function createAuthMailer(control: Pick<ControlDatabase, 'query'>, smtpUrl: string | null, from: string): AuthMailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      const { subject, body } = await renderEmail(control, mail.ref, mail.kind, {
        ConfirmationURL: mail.link,
        Token: mail.otp,
        Email: mail.to,
        SiteURL: mail.siteUrl ?? '',
        RedirectTo: mail.redirectTo ?? mail.siteUrl ?? '',
      });
      if (transport) {
        await transport.sendMail({ from, to: mail.to, subject, text: body });
        return;
      }
      await control.query('insert into project_auth_outbox (project_ref, to_email, kind, subject, body, link) values ($1, $2, $3, $4, $5, $6)', [
        mail.ref,
        mail.to,
        mail.kind,
        subject,
        body,
        mail.link,
      ]);
    },
  };
}

export interface OutboxEmail {
  id: number;
  to: string;
  kind: string;
  subject: string;
  body: string;
  link: string;
  created_at: string;
}

/** The newest emails of a project's outbox first. */
export async function listOutbox(control: Pick<ControlDatabase, 'query'>, ref: string, limit = 50): Promise<OutboxEmail[]> {
  const r = await control.query<{ id: number; to_email: string; kind: string; subject: string; body: string; link: string; created_at: unknown }>(
    'select * from project_auth_outbox where project_ref = $1 order by id desc limit $2',
    [ref, limit],
  );
  return r.rows.map((row) => ({
    id: Number(row.id),
    to: row.to_email,
    kind: row.kind,
    subject: row.subject,
    body: row.body,
    link: row.link,
    created_at: new Date(row.created_at as string).toISOString(),
  }));
}
