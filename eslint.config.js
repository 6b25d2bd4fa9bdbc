// Lint checks the repository's layout rules; see scripts/lint/layout-rules.js.
import { fileURLToPath } from 'node:url';
import { layoutRules } from './scripts/lint/layout-rules.js';

export default layoutRules(fileURLToPath(new URL('.', import.meta.url)));
