import { startLocalS3, type LocalS3 } from '@plinth/platform-core/object-store-s3-testing';
import { describeStorageIsolation } from '../testing/storage-isolation';

// The storage isolation tests (testing/storage-isolation.ts) once more with the bytes in an S3-compatible
// bucket: a local s3rver this file starts (production uses a real store).

let s3: LocalS3;

describeStorageIsolation({
  async start() {
    s3 = await startLocalS3('plinth-isolation');
    return { s3: s3.config };
  },
  allFiles: () => s3.contents(),
  secrets: () => [s3.config.bucket, s3.config.endpoint!, '_objects'],
  stop: async () => s3?.close(),
});
