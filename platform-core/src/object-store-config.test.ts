import { describe, expect, it } from 'vitest';
import { resolveConfig } from './config';

// Which object store a start gets from its environment: the disk unless PLINTH_S3_* say otherwise.

const s3 = { PLINTH_S3_BUCKET: 'plinth-files', PLINTH_S3_REGION: 'eu-west-1' };

describe('object store configuration', () => {
  it('keeps the local disk when no PLINTH_S3_* variable is set', () => {
    expect(resolveConfig({ dataDir: '/tmp/x' }, {}).s3).toBeNull();
  });

  it('reads an S3-compatible store from the environment', () => {
    const env = { ...s3, PLINTH_S3_ENDPOINT: 'http://minio.internal:9000', PLINTH_S3_ACCESS_KEY_ID: 'id', PLINTH_S3_SECRET_ACCESS_KEY: 'secret', PLINTH_S3_FORCE_PATH_STYLE: '1' };
    expect(resolveConfig({ dataDir: '/tmp/x' }, env).s3).toEqual({
      bucket: 'plinth-files',
      region: 'eu-west-1',
      endpoint: 'http://minio.internal:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // AWS S3 with the SDK's own credentials: no endpoint, no keys, virtual-host addressing.
    expect(resolveConfig({ dataDir: '/tmp/x' }, s3).s3).toEqual({ ...{ bucket: 'plinth-files', region: 'eu-west-1' }, endpoint: undefined, accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false });
  });

  it('stops the start naming the missing or malformed variable', () => {
    const start = (env: Record<string, string>) => () => resolveConfig({ dataDir: '/tmp/x' }, env);
    expect(start({ PLINTH_S3_ENDPOINT: 'http://minio:9000' })).toThrow(/^PLINTH_S3_BUCKET is required/);
    expect(start({ PLINTH_S3_BUCKET: 'b' })).toThrow(/^PLINTH_S3_REGION is required/);
    expect(start({ ...s3, PLINTH_S3_ACCESS_KEY_ID: 'id' })).toThrow(/^PLINTH_S3_SECRET_ACCESS_KEY is required/);
    expect(start({ ...s3, PLINTH_S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/^PLINTH_S3_ACCESS_KEY_ID is required/);
    expect(start({ ...s3, PLINTH_S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/^PLINTH_S3_FORCE_PATH_STYLE must be/);
    expect(start({ ...s3, PLINTH_S3_ENDPOINT: 'minio:9000' })).toThrow(/^PLINTH_S3_ENDPOINT must be/);
  });
});
