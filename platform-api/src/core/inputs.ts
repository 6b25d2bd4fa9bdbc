import type { FastifyRequest } from 'fastify';
import { HttpError } from './deps';

// Rules every route's input follows, whatever its schema says.

/** Parsed JSON, query strings and path parameters are plain objects; a stream or any other object is not input text. */
function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The path of the first text (value or key) holding a NUL character, e.g. "name" or "roles.0"; null
 * when none. Walks arrays and plain objects only, each once: a raw body stream (uploads) is not walked.
 */
export function findNulCharacter(input: unknown): string | null {
  const stack: [unknown, string][] = [[input, '']];
  const seen = new Set<object>();
  while (stack.length) {
    const [value, at] = stack.pop()!;
    if (value !== null && typeof value === 'object') {
      if (seen.has(value)) continue;
      seen.add(value);
    }
    if (typeof value === 'string') {
      if (value.includes('\0')) return at;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], at ? `${at}.${i}` : String(i)]);
    } else if (value !== null && typeof value === 'object' && isPlainObject(value)) {
      const entries = Object.entries(value as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        const path = at ? `${at}.${key}` : key;
        if (key.includes('\0')) return path;
        stack.push([inner, path]);
      }
    }
  }
  return null;
}

/**
 * A NUL character in any text of the path, query or body is a 400 naming the field: Postgres
 * cannot store it, and no name, path or expression of ours has a use for it.
 */
export async function refuseNulCharacters(req: FastifyRequest): Promise<void> {
  for (const [where, input] of [['path', req.params], ['query string', req.query], ['request body', req.body]] as const) {
    const field = findNulCharacter(input);
    if (field === null) continue;
    const name = field || where;
    throw new HttpError(400, `${name}: may not contain a NUL character (\\u0000)`, 'VALIDATION', name);
  }
}
