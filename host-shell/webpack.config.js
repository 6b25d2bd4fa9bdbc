import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHostConfig } from '@plinth/build-config';

export default createHostConfig({ dir: path.dirname(fileURLToPath(import.meta.url)) });
