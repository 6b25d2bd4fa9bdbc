import { REF_PATTERN } from '@plinth/shared-contracts';

// Where apps reach a project's services (auth, data, storage): an origin that is never the
// console's, so that a file a tenant stores can never act as a console user.
//
// - With a template (PLINTH_PROJECT_URL), e.g. `https://{ref}.projects.example.com` (by host name,
//   wildcard DNS behind a proxy) or `https://projects.example.com/{ref}` (by path).
// - Without one (one machine): the project services' own listener (PROJECT_PORT) under the other
//   loopback name than the console's: the console at http://127.0.0.1:3000 gives projects at
//   http://localhost:3001/{ref}, and the reverse, so that the two differ in host name (cookies
//   and sites are per host name, not per port) as well as in port.

/** What a request tells of where it was sent. */
export interface SeenFrom {
  protocol: string;
  /** The Host header (name and port). */
  host: string;
}

const LOOPBACK_OTHER: Record<string, string> = { '127.0.0.1': 'localhost', localhost: '127.0.0.1', '[::1]': 'localhost', '::1': 'localhost' };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class ProjectUrls {
  /** The template's host with `{ref}` in it, as a pattern capturing the ref (host-name routing). */
  private readonly hostPattern: RegExp | null;
  /** Active custom hostnames of projects (lower-case host name → ref). */
  private customHosts = new Map<string, string>();

  constructor(
    private readonly template: string | null,
    /** The project services' port when there is no template (set once the listener is bound). */
    private port: number,
  ) {
    if (template !== null) {
      if (!template.includes('{ref}')) throw new Error(`PLINTH_PROJECT_URL must contain {ref}: ${template}`);
      const url = new URL(template.replace('{ref}', 'aaaaaaaaaaaaaaaaaaaa'));
      if (!/^https?:$/.test(url.protocol)) throw new Error(`PLINTH_PROJECT_URL must be an http or https address: ${template}`);
      const host = /^[a-z]+:\/\/([^/]+)/i.exec(template)![1]!;
      this.hostPattern = host.includes('{ref}') ? new RegExp(`^${escapeRegExp(host.toLowerCase()).replace('\\{ref\\}', '([a-z]{20})')}$`) : null;
    } else {
      this.hostPattern = null;
    }
  }

  /** The port the project services listen on, once known (tests listen on port 0). */
  listening(port: number): void {
    this.port = port;
  }

  /** The project's service URL, as apps give it to supabase-js (no trailing slash). */
  base(ref: string, seenFrom: SeenFrom, onServicesOrigin: boolean): string {
    if (this.template !== null) return this.template.replace('{ref}', ref).replace(/\/+$/, '');
    if (onServicesOrigin) return `${seenFrom.protocol}://${seenFrom.host}/${ref}`;
    const hostname = seenFrom.host.replace(/:\d+$/, '');
    const name = LOOPBACK_OTHER[hostname] ?? hostname;
    return `${seenFrom.protocol}://${hostWithPort(name, this.port)}/${ref}`;
  }

  /** Replaces the active custom hostnames (host name → ref). */
  setCustomHosts(hosts: Iterable<[string, string]>): void {
    this.customHosts = new Map([...hosts].map(([h, r]) => [h.toLowerCase(), r]));
  }

  /** The project a request's host name stands for (host-name routing or a custom hostname), or null when it is routed by path. */
  refOfHost(hostHeader: string | undefined): string | null {
    if (!hostHeader) return null;
    const host = hostHeader.toLowerCase().replace(/:\d+$/, '');
    const custom = this.customHosts.get(host);
    if (custom) return custom;
    const m = this.hostPattern?.exec(host) ?? this.hostPattern?.exec(hostHeader.toLowerCase());
    return m && REF_PATTERN.test(m[1]!) ? m[1]! : null;
  }
}

function hostWithPort(hostname: string, port: number): string {
  const name = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
  return `${name}:${port}`;
}

/** A project's service URL as the console shows it to a member (the request is the console's). */
export function projectUrl(deps: { projectUrls: ProjectUrls }, req: { protocol: string; host: string }, ref: string): string {
  return deps.projectUrls.base(ref, { protocol: req.protocol, host: req.host }, false);
}
