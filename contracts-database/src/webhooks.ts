import * as z from '@plinth/shared-contracts/zod';
import { encodePath, ProjectRefSchema, type Http } from '@plinth/shared-contracts';

// Database → Webhooks (issue 24): on insert, update or delete of a table, the project database
// queues an HTTP request carrying the row; the platform sends it after commit, retries a failure,
// and keeps one delivery row per attempt.

export const WEBHOOK_EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
export const WEBHOOK_METHODS = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'] as const;
export const WebhookMethodSchema = z.enum(WEBHOOK_METHODS);
/** Attempts per request before it is given up (the first and two retries). */
export const WEBHOOK_MAX_ATTEMPTS = 3;

const identifier = (field: string) =>
  z.string().check(z.minLength(1, `${field} is required`), z.maxLength(63, `${field} must be at most 63 characters`));

export const WebhookSchema = z.object({
  id: z.number(),
  name: z.string(),
  schema: z.string(),
  table: z.string(),
  events: z.array(WebhookEventSchema),
  method: WebhookMethodSchema,
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  timeout_ms: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;
export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) });

export const WebhookCreateSchema = z.object({
  name: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,63}$/, 'name must be 1 to 63 letters, digits, _ or -')),
  schema: identifier('schema'),
  table: identifier('table'),
  events: z.array(WebhookEventSchema).check(z.minLength(1, 'events must name at least one of INSERT, UPDATE, DELETE')),
  method: WebhookMethodSchema,
  url: z.string().check(z.regex(/^https?:\/\/[^\s]+$/, 'url must be an http:// or https:// address'), z.maxLength(2048, 'url must be at most 2048 characters')),
  headers: z.record(z.string().check(z.regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'headers must have valid header names')), z.string().check(z.maxLength(4096, 'a header value must be at most 4096 characters'))),
  timeout_ms: z.number().check(z.int('timeout_ms must be a whole number'), z.gte(100, 'timeout_ms must be at least 100'), z.lte(30000, 'timeout_ms must be at most 30000')),
});
export type WebhookCreate = z.infer<typeof WebhookCreateSchema>;
export const WebhookUpdateSchema = WebhookCreateSchema;
export type WebhookUpdate = WebhookCreate;

export const WebhookIdParamsSchema = z.object({ ref: ProjectRefSchema, id: z.coerce.number().check(z.int('id must be a webhook id'), z.gte(1, 'id must be a webhook id')) });

export const WebhookDeliverySchema = z.object({
  id: z.number(),
  request_id: z.number(),
  attempt: z.number(),
  /** The endpoint's HTTP status; null when no answer came (refused, timed out). */
  status_code: z.nullable(z.number()),
  error: z.nullable(z.string()),
  duration_ms: z.nullable(z.number()),
  /** The first bytes of the answer's body. */
  content: z.nullable(z.string()),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema), hasMore: z.boolean() });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;
export const WebhookDeliveryQuerySchema = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1, 'limit must be at least 1'), z.lte(100, 'limit must be at most 100'))),
  offset: z.optional(z.coerce.number().check(z.int(), z.gte(0, 'offset must be 0 or more'))),
});

export const WEBHOOK_MESSAGES = {
  noPermissionWrite: 'You need additional permissions to manage database webhooks',
  empty: 'No webhooks yet. A webhook calls an HTTP endpoint with the row whenever a table changes.',
  noDeliveries: 'Nothing sent yet. Each change of the table appears here once it is delivered.',
  deleteConfirmation: 'Deleting the webhook removes its trigger: later changes of the table are no longer sent.',
} as const;

const base = (ref: string) => encodePath`/platform/database/${ref}/hooks`;

export function createWebhooksClient(http: Http) {
  return {
    listWebhooks: (ref: string) => http('GET', base(ref), { schema: WebhookListSchema }),
    createWebhook: (ref: string, body: WebhookCreate) => http('POST', base(ref), { body, schema: WebhookSchema }),
    updateWebhook: (ref: string, id: number, body: WebhookUpdate) => http('PUT', `${base(ref)}${encodePath`/${String(id)}`}`, { body, schema: WebhookSchema }),
    deleteWebhook: (ref: string, id: number) => http<void>('DELETE', `${base(ref)}${encodePath`/${String(id)}`}`),
    listDeliveries: (ref: string, id: number, page: { limit?: number; offset?: number } = {}) =>
      http('GET', `${base(ref)}${encodePath`/${String(id)}/deliveries`}?limit=${page.limit ?? 50}&offset=${page.offset ?? 0}`, { schema: WebhookDeliveryListSchema }),
  };
}
