import { AREA_ID_PATTERN, AreaManifestSchema, type AreaName, type BuildMode } from '@plinth/shared-contracts';
import * as z from '@plinth/shared-contracts/zod';
import { ENVIRONMENT_REQUEST, ENVIRONMENT_URL, takeEarlyEnvironment } from './environment-request';

export { ENVIRONMENT_URL };

const VERSION_PATTERN = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;

export const AreaReleaseSchema = z.object({
  version: z.string().check(z.regex(VERSION_PATTERN, 'version must look like 1.2.3')),
  url: z.string().check(z.minLength(1, 'url must name the remote\'s mf-manifest.json')),
  /** The area's description of itself (its area-manifest.json), folded in by `deploy publish`. */
  manifest: AreaManifestSchema,
  /** What the area's build requires of the shell (its runtime-requires.json), folded in by `deploy promote`. */
  requires: z.optional(
    z.object({
      modules: z.record(z.string(), z.object({ requiredVersion: z.nullable(z.string()), imports: z.nullable(z.array(z.string())) })),
      contracts: z.optional(z.record(z.string(), z.number())),
    }),
  ),
});
export type AreaRelease = z.infer<typeof AreaReleaseSchema>;

/** deploy/environments/<env>.json, as served at /environment.json. */
export const EnvironmentSchema = z.object({
  name: z.string().check(z.minLength(1)),
  buildMode: z.enum(['hosted', 'self-hosted']),
  /** Area id → release. Any id its manifest states: the shell knows no list of areas. */
  areas: z.record(z.string().check(z.regex(AREA_ID_PATTERN)), AreaReleaseSchema),
});
export type Environment = z.infer<typeof EnvironmentSchema> & { buildMode: BuildMode };

/** Parses a manifest, naming the field that is wrong. */
export function parseEnvironment(value: unknown): Environment {
  const result = EnvironmentSchema.safeParse(value);
  const problems = result.success
    ? Object.entries(result.data.areas)
        .filter(([area, release]) => release.manifest.id !== area)
        .map(([area, release]) => `areas.${area}.manifest.id: the manifest is the "${release.manifest.id}" area's`)
    : result.error.issues.map((issue) => `${issue.path.join('.') || '(manifest)'}: ${issue.message}`);
  if (result.success && problems.length === 0) return result.data;
  throw new Error(`The environment manifest is not valid: ${problems.join('; ')}`);
}

export function releaseOf(environment: Environment, area: AreaName): AreaRelease | undefined {
  return environment.areas[area];
}

type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

let cached: Promise<Environment> | null = null;

/**
 * Reads /environment.json once per page (taking the answer the shell's entry asked for early, if
 * any); a failed read is retried on the next call.
 */
export function loadEnvironment(options: { fetch?: FetchLike; url?: string } = {}): Promise<Environment> {
  if (cached) return cached;
  const fetchImpl = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const url = options.url ?? ENVIRONMENT_URL;
  const early = options.fetch || options.url ? null : takeEarlyEnvironment();
  cached = (async () => {
    let answer: Response;
    try {
      answer = await (early ?? fetchImpl(url, ENVIRONMENT_REQUEST));
    } catch (error) {
      throw new Error(`Could not reach ${url} to learn which areas to load: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!answer.ok) throw new Error(`Could not load ${url}: the server answered ${answer.status}.`);
    return parseEnvironment(await answer.json());
  })();
  cached.catch(() => {
    cached = null;
  });
  return cached;
}

/** Forgets the manifest read by loadEnvironment (tests, or after a deploy). */
export function forgetEnvironment(): void {
  cached = null;
}
