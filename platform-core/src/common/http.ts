import { z } from 'zod';
import { ProjectRefSchema } from '@plinth/shared-contracts';

/** Path parameter of every project-scoped route: the contracts' project ref (the server refuses to start with a `:ref` validated otherwise, see core/project-ref.ts). */
export const projectRef = ProjectRefSchema;
export const RefParamsSchema = z.object({ ref: projectRef });
export const MessageSchema = z.object({ message: z.string() });
export const numericId = (name: string) => z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(1, `${name} must be positive`).max(2_147_483_647);
