import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';

// A custom domain is proved by a DNS TXT record that only the domain's owner can publish:
// `_plinth-challenge.<hostname>` with a value made for that claim. The platform reads it through the
// resolvers it is configured with (PLINTH_DNS_SERVERS), so a test or a private network runs its own.

const CHALLENGE_LABEL = '_plinth-challenge';
/** At most this many of a record's values are quoted back in a failed check. */
const QUOTED_VALUES = 3;

export const challengeName = (hostname: string) => `${CHALLENGE_LABEL}.${hostname}`;

export const newVerificationToken = () => `plinth-verification=${randomBytes(18).toString('base64url')}`;

/** The TXT records at a name, each record's strings joined as one value. */
export type TxtLookup = (name: string) => Promise<string[]>;

export function dnsTxtLookup(servers: string[] | null): TxtLookup {
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  if (servers) resolver.setServers(servers);
  return async (name) => (await resolver.resolveTxt(name)).map((strings) => strings.join(''));
}

export type OwnershipCheck = { verified: true } | { verified: false; error: string };

/** Looks for the claim's TXT record; a failure says what was found and what to publish. */
export async function checkOwnership(lookup: TxtLookup, hostname: string, token: string): Promise<OwnershipCheck> {
  const name = challengeName(hostname);
  let values: string[];
  try {
    values = await lookup(name);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') {
      return { verified: false, error: `No TXT record was found at ${name}. Add one with the value ${token}; DNS changes can take a few minutes to be seen.` };
    }
    return { verified: false, error: `The DNS lookup of ${name} failed (${code ?? 'no answer'}). Try again in a moment.` };
  }
  if (values.includes(token)) return { verified: true };
  if (values.length === 0) {
    return { verified: false, error: `No TXT record was found at ${name}. Add one with the value ${token}; DNS changes can take a few minutes to be seen.` };
  }
  const quoted = values.slice(0, QUOTED_VALUES).map((v) => JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…` : v));
  const more = values.length > QUOTED_VALUES ? ` and ${values.length - QUOTED_VALUES} more` : '';
  return { verified: false, error: `The TXT record at ${name} has ${quoted.join(', ')}${more}, not ${token}.` };
}

/**
 * A hostname the platform serves itself cannot be claimed: the console's host and the domain under
 * which projects get their default host names. Answers why, or null.
 */
export function reservedHostname(hostname: string, publicUrl: string | null, projectUrl: string | null): string | null {
  const own: string[] = [];
  if (publicUrl) own.push(new URL(publicUrl).hostname.toLowerCase());
  if (projectUrl) {
    const host = new URL(projectUrl.replace('{ref}', 'ref')).hostname.toLowerCase();
    // https://{ref}.projects.example.net: every name under projects.example.net is the platform's.
    own.push(projectUrl.includes('{ref}.') ? host.slice(host.indexOf('.') + 1) : host);
  }
  const taken = own.find((domain) => hostname === domain || hostname.endsWith(`.${domain}`));
  return taken ? `${hostname} is one of this platform's own host names (${taken}) and cannot be a project's custom domain` : null;
}
