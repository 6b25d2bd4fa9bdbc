import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAreaConfig } from '@plinth/build-config';

// Id and title come from area.manifest.ts, the version from package.json; AREA_VERSION, AREA_CONTRACTS_MAJOR and AREA_FAULT override it for fixture builds.
export default createAreaConfig({ dir: path.dirname(fileURLToPath(import.meta.url)) });
