import { PostgreSQL } from '@codemirror/lang-sql';
import { LanguageSupport } from '@codemirror/language';

/**
 * PostgreSQL's grammar (lang-sql's parser and @lezer/lr): highlighting and indentation. Fetched in
 * its own chunk with the first text the editor holds (at once when it opens with text; for an empty
 * editor, on the first sign of typing), so a new, empty query's first load goes without it.
 */
export const postgresLanguage = new LanguageSupport(PostgreSQL.language);
