import { randomUUID } from 'node:crypto';
import type { ControlDatabase } from '@plinth/platform-core/deps';

// Text messages of the auth service (the six-digit codes of phone sign-up, sign-in and phone
// change). Sent through an HTTP SMS gateway when PLINTH_SMS_HTTP_URL is set; otherwise kept in the
// project's SMS outbox (control database, project_auth_sms_outbox), as the mail side keeps its
// emails while no SMTP server is set, so a developer (and the tests) can read the codes.

/** What a message is for: confirming a number (sign-up, OTP sign-in), a phone change, or a phone factor's MFA challenge. */
export type AuthSmsKind = 'sms' | 'phone_change' | 'mfa_phone';

export interface AuthSms {
  ref: string;
  /** The number, E.164 digits without the "+" (as auth.users.phone stores it). */
  to: string;
  kind: AuthSmsKind;
  otp: string;
}

export interface AuthSmsSender {
  /** The provider's name, as the auth service's /settings reports it (sms_provider). */
  readonly provider: string;
  /** Sends the message; answers the provider's message id. */
  send(sms: AuthSms): Promise<string>;
}

/** The text of a code message. */
export const smsBody = (otp: string) => `Your code is ${otp}`;

export interface SmsTransportConfig {
  /** An HTTP endpoint accepting POST {"to": "+15551234567", "body": "...", "kind": "sms"} and answering 2xx (optionally {"message_id"}). */
  httpUrl: string | null;
  /** Sent as "Authorization: Bearer …" to that endpoint when set. */
  httpToken: string | null;
}

export function smsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SmsTransportConfig {
  return { httpUrl: env.PLINTH_SMS_HTTP_URL || null, httpToken: env.PLINTH_SMS_HTTP_TOKEN || null };
}

/** Sends through the HTTP gateway when one is configured, else writes to the control database's SMS outbox. */
export function createAuthSmsSender(control: Pick<ControlDatabase, 'query'>, config: SmsTransportConfig): AuthSmsSender {
  if (config.httpUrl) {
    const url = config.httpUrl;
    return {
      provider: 'http',
      async send(sms) {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(config.httpToken ? { authorization: `Bearer ${config.httpToken}` } : {}) },
          body: JSON.stringify({ to: `+${sms.to}`, body: smsBody(sms.otp), kind: sms.kind }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`The SMS gateway answered ${res.status}`);
        const answer = (await res.json().catch(() => null)) as { message_id?: unknown } | null;
        return typeof answer?.message_id === 'string' ? answer.message_id : randomUUID();
      },
    };
  }
  return {
    provider: 'outbox',
    async send(sms) {
      const r = await control.query<{ id: number }>(
        'insert into project_auth_sms_outbox (project_ref, to_phone, kind, body) values ($1, $2, $3, $4) returning id',
        [sms.ref, sms.to, sms.kind, smsBody(sms.otp)],
      );
      return `outbox-${r.rows[0]!.id}`;
    },
  };
}

export interface OutboxSms {
  id: number;
  to: string;
  kind: string;
  body: string;
  created_at: string;
}

/** The newest messages of a project's SMS outbox first. */
export async function listSmsOutbox(control: Pick<ControlDatabase, 'query'>, ref: string, limit = 50): Promise<OutboxSms[]> {
  const r = await control.query<{ id: number; to_phone: string; kind: string; body: string; created_at: unknown }>(
    'select * from project_auth_sms_outbox where project_ref = $1 order by id desc limit $2',
    [ref, limit],
  );
  return r.rows.map((row) => ({ id: Number(row.id), to: row.to_phone, kind: row.kind, body: row.body, created_at: new Date(row.created_at as string).toISOString() }));
}
