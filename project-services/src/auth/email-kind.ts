// The emails the auth service sends: mail.ts sends them, templates.ts writes each from its template.
export type AuthEmailKind = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'reauthentication';
