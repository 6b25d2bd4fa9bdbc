import { HttpError } from '../http-error';

/**
 * Statements a project database refuses before they run. COPY … PROGRAM runs a program on the
 * database host (embedded, it leaves the database answering empty results; on a server, it runs as
 * the server's operating-system user). COPY … FROM STDIN waits for data no caller of the platform
 * API can send (embedded, it ends the database's thread).
 *
 * The SQL is read with the lexical rules of Postgres (quoted identifiers, string literals, dollar
 * quotes, nested comments), so a word inside a string or comment never counts as a keyword. Text
 * inside string literals and dollar quotes (function bodies, DO blocks, EXECUTE '...') is checked
 * for a COPY … PROGRAM too, since dynamic SQL can run it. What this cannot see (a statement built
 * from pieces at run time) is caught after the fact: see the health probe in pglite-worker.ts.
 */
export function refuseUnsupportedStatements(sql: string): void {
  for (const statement of readStatements(sql)) {
    const words = statement.words;
    if (words[0] === 'copy') {
      if (words.includes('program')) throw unsupported('COPY … PROGRAM (running a program on the database host)');
      if (words.includes('stdin')) throw unsupported('COPY … FROM STDIN (it waits for data the SQL editor cannot send); insert the rows with INSERT instead');
    }
    for (const text of statement.quoted) {
      if (/\bcopy\b[\s\S]*\b(from|to)\b[\s\S]*\bprogram\b/i.test(text)) throw unsupported('COPY … PROGRAM (running a program on the database host), also inside a function or DO block');
    }
  }
}

function unsupported(what: string): HttpError {
  return new HttpError(400, `This statement is not available on a project database: ${what}`, 'UNSUPPORTED_STATEMENT');
}

interface Statement {
  /** Keywords and identifiers outside quotes and comments, lower-cased, in order. */
  words: string[];
  /** Contents of string literals and dollar-quoted bodies. */
  quoted: string[];
}

/** Splits SQL text into statements on `;` outside quotes and comments. */
export function readStatements(sql: string): Statement[] {
  const out: Statement[] = [];
  let current: Statement = { words: [], quoted: [] };
  const flush = () => {
    if (current.words.length || current.quoted.length) out.push(current);
    current = { words: [], quoted: [] };
  };
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') (depth++, (i += 2));
        else if (sql[i] === '*' && sql[i + 1] === '/') (depth--, (i += 2));
        else i++;
      }
    } else if (c === "'") {
      // Standard string, or E'...' (backslash escapes) when the previous word was a lone E.
      const escapes = /(^|[^\w$])[eE]$/.test(sql.slice(Math.max(0, i - 2), i));
      let j = i + 1;
      let text = '';
      while (j < n) {
        if (escapes && sql[j] === '\\') (text += sql[j + 1] ?? ''), (j += 2);
        else if (sql[j] === "'" && sql[j + 1] === "'") (text += "'"), (j += 2);
        else if (sql[j] === "'") break;
        else text += sql[j++];
      }
      current.quoted.push(text);
      i = j + 1;
    } else if (c === '"') {
      let j = i + 1;
      while (j < n && !(sql[j] === '"' && sql[j + 1] !== '"')) j += sql[j] === '"' ? 2 : 1;
      current.words.push(`"${sql.slice(i + 1, j)}"`);
      i = j + 1;
    } else if (c === '$' && /^\$([A-Za-z_][\w]*)?\$/.test(sql.slice(i, i + 64)) && !/[\w$]/.test(sql[i - 1] ?? ' ')) {
      const tag = /^\$([A-Za-z_][\w]*)?\$/.exec(sql.slice(i, i + 64))![0];
      const end = sql.indexOf(tag, i + tag.length);
      const stop = end < 0 ? n : end;
      current.quoted.push(sql.slice(i + tag.length, stop));
      i = end < 0 ? n : end + tag.length;
    } else if (c === ';') {
      flush();
      i++;
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w$\u0080-\uffff]/.test(sql[j]!)) j++;
      current.words.push(sql.slice(i, j).toLowerCase());
      i = j;
    } else {
      i++;
    }
  }
  flush();
  return out;
}
