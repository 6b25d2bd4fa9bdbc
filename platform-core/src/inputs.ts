import type { FastifyRequest } from 'fastify';
import { HttpError } from './deps';

// Rules every route's input follows, whatever its schema says.

/**
 * Parsed JSON, query strings and path parameters are data objects (the query parser's have no
 * Object prototype); a raw body stream, an event emitter or bytes are not input text.
 */
function isDataObject(value: object): boolean {
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  if (Symbol.asyncIterator in value || typeof (value as { on?: unknown }).on === 'function') return false;
  return true;
}

/** Half of a UTF-16 surrogate pair: a high one not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What makes a text unusable as input: Postgres cannot store a NUL, and half a UTF-16 pair is no character at all. */
function textProblem(text: string): 'nul' | 'surrogate' | null {
  if (text.includes('\0')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

export interface BadText {
  /** The field's path, e.g. "name" or "roles.0"; '' for the input itself. */
  field: string;
  problem: 'nul' | 'surrogate';
}

/**
 * The first text (value or key) holding a NUL character or a lone surrogate; null when none. Walks
 * arrays and plain objects only, each once: a raw body stream (uploads) is not walked.
 */
export function findBadText(input: unknown): BadText | null {
  const stack: [unknown, string][] = [[input, '']];
  const seen = new Set<object>();
  while (stack.length) {
    const [value, at] = stack.pop()!;
    if (value !== null && typeof value === 'object') {
      if (seen.has(value)) continue;
      seen.add(value);
    }
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { field: at, problem };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], at ? `${at}.${i}` : String(i)]);
    } else if (value !== null && typeof value === 'object' && isDataObject(value)) {
      const entries = Object.entries(value as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        const path = at ? `${at}.${key}` : key;
        const problem = textProblem(key);
        if (problem) return { field: path, problem };
        stack.push([inner, path]);
      }
    }
  }
  return null;
}

const PROBLEM_TEXT = {
  nul: 'may not contain a NUL character (\\u0000)',
  surrogate: 'is not valid Unicode text (it holds half of a surrogate pair)',
} as const;

/**
 * A NUL character or a lone surrogate in any text of the path, query or body is a 400 naming the
 * field: Postgres cannot store the one, headers, links and JSON cannot carry the other, and no
 * name, path or expression of ours has a use for either.
 */
export async function refuseBadText(req: FastifyRequest): Promise<void> {
  for (const [where, input] of [['path', req.params], ['query string', req.query], ['request body', req.body]] as const) {
    const bad = findBadText(input);
    if (bad === null) continue;
    const name = bad.field || where;
    throw new HttpError(400, `${name}: ${PROBLEM_TEXT[bad.problem]}`, 'VALIDATION', name);
  }
}
