// Which object store holds storage bytes: the local disk (the default) or an S3-compatible bucket,
// chosen by the PLINTH_S3_* variables (read by resolveConfig in config.ts).

export interface S3Config {
  /** The bucket every project's prefix lives in (created beforehand). */
  bucket: string;
  region: string;
  /** An S3-compatible server's URL (MinIO, R2, Ceph); AWS S3 when absent. */
  endpoint?: string;
  /** Both or neither: without them the SDK's own chain (AWS_* variables, an instance's role) is used. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO, most local servers). */
  forcePathStyle?: boolean;
}

export const S3_VARIABLES = [
  'PLINTH_S3_ENDPOINT',
  'PLINTH_S3_BUCKET',
  'PLINTH_S3_REGION',
  'PLINTH_S3_ACCESS_KEY_ID',
  'PLINTH_S3_SECRET_ACCESS_KEY',
  'PLINTH_S3_FORCE_PATH_STYLE',
] as const;

/**
 * The S3 store's settings when any PLINTH_S3_* variable is set, else null (the disk). A missing
 * or malformed piece stops the start with an error naming the variable.
 */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3Config | null {
  const given = S3_VARIABLES.filter((name) => (env[name] ?? '') !== '');
  if (!given.length) return null;
  const required = (name: (typeof S3_VARIABLES)[number]) => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`${name} is required when the object store is S3 (${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set)`);
    return value;
  };
  const bucket = required('PLINTH_S3_BUCKET');
  const region = required('PLINTH_S3_REGION');
  const endpoint = env.PLINTH_S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/\s]+/i.test(endpoint)) throw new Error(`PLINTH_S3_ENDPOINT must be an http(s) URL, e.g. https://minio.internal:9000 (got ${endpoint})`);
  const accessKeyId = env.PLINTH_S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.PLINTH_S3_SECRET_ACCESS_KEY?.trim() || undefined;
  // Both keys, or neither (the SDK's own chain: AWS_* variables, an instance's role).
  if (accessKeyId && !secretAccessKey) required('PLINTH_S3_SECRET_ACCESS_KEY');
  if (secretAccessKey && !accessKeyId) required('PLINTH_S3_ACCESS_KEY_ID');
  const pathStyle = (env.PLINTH_S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
  if (!['', '0', '1', 'true', 'false'].includes(pathStyle)) throw new Error(`PLINTH_S3_FORCE_PATH_STYLE must be 1, 0, true or false (got ${env.PLINTH_S3_FORCE_PATH_STYLE})`);
  return { bucket, region, endpoint, accessKeyId, secretAccessKey, forcePathStyle: pathStyle === '1' || pathStyle === 'true' };
}
