export { QueryExplorer, DEFAULT_LOG_SQL } from './QueryExplorer';
