// Why a project database could not be opened, in words fit for its status history.

/** A database error's text with file-system paths taken out, fit for a status history. */
export const withoutPaths = (reason: string) => reason.replace(/(?<![\w)])\/(?:[\w.@+-]+\/)+[\w.@+-]*/g, '(path)');

/** A data directory that more than one project points at: none of them is opened. */
export function sharedReason(others: string[]): string {
  return `its data directory is also the data directory of project ${others.join(', ')}; neither was opened. Give each project its own data directory, then restore it`;
}
