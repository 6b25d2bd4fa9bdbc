import { useArea } from '@plinth/area-kit';
import type { ProjectConfig } from '@plinth/contracts-settings';
import type { Bucket } from '@plinth/contracts-storage';
import { useQuery } from '@tanstack/react-query';
import { keys } from '../../area/query-keys';

// Preview URLs cached per file id (001 §3: id, url, expiresIn, fetchedAt): a file opened again
// reuses its URL until a minute before it expires.

export interface PreviewUrlEntry {
  id: string;
  url: string;
  expiresIn: number;
  fetchedAt: number;
}

const PREVIEW_EXPIRES_IN = 3600;
const cache = new Map<string, PreviewUrlEntry>();

export function cachedPreviewUrl(id: string, now: number): string | null {
  const hit = cache.get(id);
  if (!hit) return null;
  if (hit.fetchedAt + (hit.expiresIn - 60) * 1000 < now) {
    cache.delete(id);
    return null;
  }
  return hit.url;
}

/** The URL a preview loads: public for a public bucket (no expiry), else signed for an hour. */
export async function previewUrl(
  bucket: Bucket,
  id: string,
  path: string,
  calls: { publicUrl: (path: string) => Promise<{ publicUrl: string }>; sign: (path: string, expiresIn: number) => Promise<{ signedUrl: string }> },
  now = Date.now(),
): Promise<string> {
  const hit = cachedPreviewUrl(id, now);
  if (hit) return hit;
  const url = bucket.public ? (await calls.publicUrl(path)).publicUrl : (await calls.sign(path, PREVIEW_EXPIRES_IN)).signedUrl;
  cache.set(id, { id, url, expiresIn: bucket.public ? Number.MAX_SAFE_INTEGER / 1000 : PREVIEW_EXPIRES_IN, fetchedAt: now });
  return url;
}

/** The custom domain's host when it is active (its services reconfigured), else null (001 §4). */
export function activeCustomDomain(config: Pick<ProjectConfig, 'customDomain'> | undefined): string | null {
  const domain = config?.customDomain;
  return domain?.status === '5_services_reconfigured' && domain.hostname ? domain.hostname : null;
}

/**
 * A copied URL with the custom domain in place of the project's URL: the host, and the project's
 * path segment when projects are told apart by path (`/{ref}/storage/v1/...`); the service path and
 * the token stay.
 */
export function withCustomDomain(url: string, hostname: string | null): string {
  if (!hostname) return url;
  const parsed = new URL(url);
  parsed.protocol = 'https:';
  parsed.port = '';
  parsed.hostname = hostname;
  parsed.pathname = parsed.pathname.replace(/^\/[a-z]{20}(?=\/(?:auth|rest|storage)\/v1\/)/, '');
  return parsed.toString();
}

/** The project's active custom domain, read from its configuration (null while unknown or on failure). */
export function useCustomDomain(): string | null {
  const { api, projectRef } = useArea();
  const config = useQuery({
    queryKey: keys.projectConfig(projectRef),
    queryFn: () => api.settings.getProjectConfig(projectRef),
    enabled: projectRef !== '',
    staleTime: 60_000,
  });
  return activeCustomDomain(config.data);
}
