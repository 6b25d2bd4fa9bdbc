import { z } from 'zod';

/** Path parameter of every project-scoped route. */
export const projectRef = z.string().min(1, 'ref is required').max(64, 'ref is too long').regex(/^[A-Za-z0-9_-]+$/, 'ref must be a project ref');
export const RefParamsSchema = z.object({ ref: projectRef });
export const MessageSchema = z.object({ message: z.string() });
export const numericId = (name: string) => z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(1, `${name} must be positive`).max(2_147_483_647);
