import { randomBytes, randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { legacyMemberRole } from '@plinth/shared-contracts';
import { INVITATION_TTL_DAYS, type AcceptedInvitation, type OrganizationInvitation, type OrganizationInvitationPreview } from '@plinth/contracts-billing';
import { HttpError, type AuthenticatedUser, type ControlDatabase } from '@plinth/platform-core/deps';
import { hashToken, type AccessRegistry } from '@plinth/platform-core/access';

const DAY_MS = 86_400_000;

export interface InvitationEmail {
  to: string;
  subject: string;
  body: string;
  link: string;
}

/**
 * The platform's mail transport for invitations, the same as the account e-mails': SMTP when
 * PLINTH_PLATFORM_SMTP_URL (or PLINTH_SMTP_URL) is set, else the control database's account outbox (kind 'invitation').
 */
export interface InvitationMailer {
  send(mail: InvitationEmail): Promise<void>;
}

export function createInvitationMailer(control: Pick<ControlDatabase, 'query'>, smtpUrl: string | null, from: string): InvitationMailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      if (transport) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.body });
        return;
      }
      await control.query('insert into account_outbox (to_email, kind, subject, body, link) values ($1, $2, $3, $4, $5)', [mail.to, 'invitation', mail.subject, mail.body, mail.link]);
    },
  };
}

interface InvitationRow {
  id: string;
  email: string;
  /** The organization role it grants (any of the contracts' ORGANIZATION_ROLES). */
  role: string;
  invited_by: string | null;
  invited_at: Date | string;
  expires_at: Date | string;
}

/** `role` as builds of contracts 1.6 read it, `organization_role` the role it grants. */
const toInvitation = (r: InvitationRow, now = Date.now()): OrganizationInvitation => ({
  id: r.id,
  invited_email: r.email,
  role: legacyMemberRole(r.role),
  organization_role: r.role,
  invited_by: r.invited_by,
  invited_at: new Date(r.invited_at).toISOString(),
  expires_at: new Date(r.expires_at).toISOString(),
  expired: new Date(r.expires_at).getTime() <= now,
});

/** The link of an invitation: the account's invitation page, which accepts it once signed in. */
export const invitationLink = (base: string, token: string) => `${base}/account/invitation?token=${encodeURIComponent(token)}`;

/**
 * Invitations to an organization: a link mailed to the address (its token kept as its SHA-256),
 * accepted by whoever signs in or signs up with that address before it expires; listed while
 * pending, resent (a new link and a new expiry) or revoked.
 */
export class InvitationsService {
  constructor(
    private readonly control: ControlDatabase,
    private readonly access: AccessRegistry,
    private readonly mailer: InvitationMailer,
    private readonly ttlMs = INVITATION_TTL_DAYS * DAY_MS,
  ) {}

  async list(orgId: number): Promise<OrganizationInvitation[]> {
    const r = await this.control.query<InvitationRow>(
      `select i.id, i.email, i.role, u.email as invited_by, i.invited_at, i.expires_at
         from organization_invitations i left join users u on u.id = i.invited_by
        where i.organization_id = $1 order by i.invited_at, i.email`,
      [orgId],
    );
    return r.rows.map((row) => toInvitation(row));
  }

  private async one(orgId: number, id: string): Promise<OrganizationInvitation> {
    const r = await this.control.query<InvitationRow>(
      `select i.id, i.email, i.role, u.email as invited_by, i.invited_at, i.expires_at
         from organization_invitations i left join users u on u.id = i.invited_by where i.organization_id = $1 and i.id = $2`,
      [orgId, id],
    );
    if (!r.rows[0]) throw new HttpError(404, `Invitation not found: ${id}`, 'INVITATION_NOT_FOUND');
    return toInvitation(r.rows[0]);
  }

  private async mail(org: { name: string }, email: string, role: string, inviter: AuthenticatedUser, token: string, linkBase: string): Promise<void> {
    const link = invitationLink(linkBase, token);
    await this.mailer.send({
      to: email,
      subject: `You have been invited to join ${org.name} on Plinth`,
      body:
        `${inviter.email} invited you to join the organization ${org.name} on Plinth as ${role}.\n\n` +
        `Follow this link and sign in, or sign up, with ${email} to accept:\n\n${link}\n\n` +
        `The link works for ${INVITATION_TTL_DAYS} days. If you were not expecting this invitation, ignore this e-mail.`,
      link,
    });
  }

  async invite(org: { id: number; name: string }, inviter: AuthenticatedUser, email: string, role: string, linkBase: string): Promise<OrganizationInvitation> {
    const member = await this.control.query('select 1 from members m join users u on u.id = m.user_id where m.organization_id = $1 and lower(u.email) = lower($2)', [org.id, email]);
    if (member.rows.length) throw new HttpError(409, `${email} is already a member of this organization`, 'ALREADY_MEMBER', 'email');
    const token = randomBytes(32).toString('base64url');
    const id = randomUUID();
    const r = await this.control.query(
      `insert into organization_invitations (id, organization_id, email, role, token_hash, invited_by, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict do nothing returning id`,
      [id, org.id, email, role, hashToken(token), inviter.id, new Date(Date.now() + this.ttlMs)],
    );
    if (!r.rows.length) throw new HttpError(409, `${email} has already been invited: resend or revoke that invitation`, 'ALREADY_INVITED', 'email');
    await this.mail(org, email, role, inviter, token, linkBase);
    return this.one(org.id, id);
  }

  /** A new link (the old one stops working) and a new expiry, mailed again. */
  async resend(org: { id: number; name: string }, inviter: AuthenticatedUser, id: string, linkBase: string): Promise<OrganizationInvitation> {
    const current = await this.one(org.id, id);
    const token = randomBytes(32).toString('base64url');
    await this.control.query('update organization_invitations set token_hash = $1, expires_at = $2, invited_at = now(), invited_by = $3 where id = $4', [
      hashToken(token),
      new Date(Date.now() + this.ttlMs),
      inviter.id,
      id,
    ]);
    await this.mail(org, current.invited_email, current.organization_role, inviter, token, linkBase);
    return this.one(org.id, id);
  }

  async revoke(orgId: number, id: string): Promise<void> {
    const r = await this.control.query('delete from organization_invitations where organization_id = $1 and id = $2 returning id', [orgId, id]);
    if (!r.rows.length) throw new HttpError(404, `Invitation not found: ${id}`, 'INVITATION_NOT_FOUND');
  }

  private async byToken(token: string) {
    const r = await this.control.query<InvitationRow & { organization_id: number; organization_name: string; organization_slug: string }>(
      `select i.id, i.email, i.role, i.invited_by, i.invited_at, i.expires_at, i.organization_id, o.name as organization_name, o.slug as organization_slug
         from organization_invitations i join organizations o on o.id = i.organization_id where i.token_hash = $1`,
      [hashToken(token)],
    );
    const row = r.rows[0];
    if (!row) throw new HttpError(404, 'This invitation link is not valid: it may have been revoked, resent or already accepted', 'INVITATION_NOT_FOUND');
    return row;
  }

  async preview(token: string): Promise<OrganizationInvitationPreview> {
    const row = await this.byToken(token);
    return { organization_name: row.organization_name, organization_slug: row.organization_slug, invited_email: row.email, role: legacyMemberRole(row.role), organization_role: row.role, expired: new Date(row.expires_at).getTime() <= Date.now() };
  }

  /**
   * The signed-in user accepts: the address must be theirs, the link unexpired, and the role still
   * one the organization's plan offers (checked by `checkRole`).
   */
  async accept(user: AuthenticatedUser, token: string, checkRole: (orgId: number, role: string) => Promise<void>): Promise<AcceptedInvitation & { organization_role: string }> {
    const row = await this.byToken(token);
    if (new Date(row.expires_at).getTime() <= Date.now()) {
      throw new HttpError(410, `This invitation expired on ${new Date(row.expires_at).toISOString().slice(0, 10)}: ask a member of ${row.organization_name} to resend it`, 'INVITATION_EXPIRED');
    }
    if (row.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new HttpError(403, `This invitation is for ${row.email}: sign in with that address to accept it (you are signed in as ${user.email})`, 'INVITATION_OTHER_EMAIL');
    }
    await checkRole(row.organization_id, row.role);
    await this.control.transaction(async (tx) => {
      await tx.query('insert into members (organization_id, user_id, role) values ($1, $2, $3) on conflict do nothing', [row.organization_id, user.id, row.role]);
      await tx.query('delete from organization_invitations where id = $1', [row.id]);
    });
    this.access.invalidateRole(row.organization_id, user.id);
    return { organization_slug: row.organization_slug, role: legacyMemberRole(row.role), organization_role: row.role };
  }
}
