// EXPLAIN in the editor: the Explain buttons, and an EXPLAIN the user typed, run as EXPLAIN
// (FORMAT JSON) so the plan can be drawn as a tree.

/** What goes before a statement for the Explain (or Explain analyze) button. */
export const explainPrefix = (analyze: boolean) => `explain (${analyze ? 'analyze, ' : ''}format json) `;

/** The text to run for the Explain (or Explain analyze) button on a statement (its last semicolon left out). */
export function explainQuery(statement: string, analyze: boolean): string {
  return explainPrefix(analyze) + statement.replace(/;\s*$/, '');
}

const TYPED_EXPLAIN = /^(\s*)explain((?:\s+(?:analyze|analyse|verbose))*)\s+(?!\()/i;

/**
 * A text of one EXPLAIN statement with no options list (`explain analyze select …`) asks for the
 * same plan in JSON; any other text is run as written.
 */
export function asJsonExplain(text: string): string {
  const match = TYPED_EXPLAIN.exec(text);
  if (!match || /;\s*\S/.test(text.replace(/;\s*$/, ''))) return text;
  const words = match[2]!.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const options = [...new Set(words.map((w) => (w === 'analyse' ? 'analyze' : w))), 'format json'];
  return `${match[1]}explain (${options.join(', ')}) ${text.slice(match[0].length)}`;
}
