import { RestError } from './errors';

// The Prefer and Range headers of a data API request, as PostgREST reads them.

export interface Preferences {
  return: 'representation' | 'minimal' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missing: 'default' | 'null' | null;
  handling: 'strict' | 'lenient' | null;
  /** The most rows a change may affect (honoured with handling=strict). */
  maxAffected: number | null;
  timezone: string | null;
  tx: 'commit' | 'rollback' | null;
  /** `params=single-object`: the body is a function's one json argument. */
  singleObject: boolean;
  /** Preferences not understood, as written (PGRST122 with handling=strict). */
  invalid: string[];
}

/** Time zone names Postgres and this runtime both know (IANA names, and UTC). */
function knownTimeZone(name: string): boolean {
  if (name.toUpperCase() === 'UTC') return true;
  try {
    return Intl.supportedValuesOf('timeZone').includes(name) || new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone === name;
  } catch {
    return false;
  }
}

/** The Prefer header(s): comma-separated `key=value`; unknown preferences are ignored unless handling=strict. */
export function parsePrefer(header: string | string[] | undefined): Preferences {
  const prefs: Preferences = { return: null, count: null, resolution: null, missing: null, handling: null, maxAffected: null, timezone: null, tx: null, singleObject: false, invalid: [] };
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const eq = part.indexOf('=');
    const k = (eq < 0 ? part : part.slice(0, eq)).trim();
    const v = eq < 0 ? '' : part.slice(eq + 1).trim();
    if (k === 'return' && (v === 'representation' || v === 'minimal' || v === 'headers-only')) prefs.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) prefs.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) prefs.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) prefs.missing = v;
    else if (k === 'handling' && (v === 'strict' || v === 'lenient')) prefs.handling = v;
    else if (k === 'max-affected' && /^\d{1,9}$/.test(v)) prefs.maxAffected = Number(v);
    else if (k === 'timezone' && knownTimeZone(v)) prefs.timezone = v;
    else if (k === 'tx' && (v === 'commit' || v === 'rollback')) prefs.tx = v;
    else if (k === 'params' && v === 'single-object') prefs.singleObject = true;
    else prefs.invalid.push(part.slice(0, 100));
  }
  return prefs;
}

/** `Range: 0-9` (Range-Unit items): offset and limit, or null when absent or open-ended from 0. */
export function parseRange(header: string | string[] | undefined): { offset: number; limit: number | null } | null {
  const text = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!text) return null;
  const m = /^(?:items=)?(\d{1,15})-(\d{0,15})$/.exec(text);
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] ? Number(m[2]) : null;
  if (to !== null && to < from) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `The range ${text} ends before it starts`);
  return { offset: from, limit: to === null ? null : to - from + 1 };
}
