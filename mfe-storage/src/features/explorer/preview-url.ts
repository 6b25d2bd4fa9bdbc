import type { Bucket } from '@plinth/shared-contracts';

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
