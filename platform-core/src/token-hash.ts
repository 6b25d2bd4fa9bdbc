import { createHash } from 'node:crypto';

/** What the control database keeps of a session or CSRF token: its SHA-256, never the token. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
