import { Preferences } from '../features/account/Preferences';
import { AccessTokens } from '../features/account/AccessTokens';
import { AuditLogs } from '../features/audit-logs/AuditLogs';
import { AcceptInvitation } from '../features/team/AcceptInvitation';

// The account pages (000 §2.1) under /account besides Security (its own chunk, see area.manifest.ts).

export const PreferencesPage = () => <Preferences />;
export const AccessTokensPage = () => <AccessTokens />;
/** /account/audit: the user's own changes, everywhere. */
export const AuditLogsPage = () => <AuditLogs />;
/** /account/invitation?token=…: accepting an invitation to an organization (the link of its e-mail). */
export const InvitationPage = () => <AcceptInvitation />;
