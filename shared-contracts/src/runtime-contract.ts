// The runtime contract between the shell and an area (written by @plinth/build-config's
// runtime-contract.js): what the shell provides at run time and what an area's build requires.
// deploy (promote, publish, shell promotion) and the host's version policy compare them with
// runtimeContractProblems and say why with runtimeContractRefusal, so both give the same message.

/** One shared module as the shell provides it; `exports` when the shell knows its export names. */
export interface ProvidedModule {
  version: string;
  exports?: string[];
}

/** runtime-provides.json, written by the shell's build. */
export interface RuntimeProvides {
  shell?: { name: string; version: string };
  modules: Record<string, ProvidedModule>;
  /** Contracts package → the major the shell bundles. */
  contracts?: Record<string, number>;
}

/** One shared module as an area's build consumed it: the range it was built against and the names it imports (null: the whole module). */
export interface RequiredModule {
  requiredVersion: string | null;
  imports: string[] | null;
}

/** runtime-requires.json, written by an area's build. */
export interface RuntimeRequires {
  area?: string;
  version?: string;
  modules: Record<string, RequiredModule>;
  /** Contracts package → the major the area bundles. */
  contracts?: Record<string, number>;
}

export type RuntimeContractProblem =
  | { kind: 'missing-module'; module: string; wanted: string }
  | { kind: 'version'; module: string; wanted: string; provided: string }
  | { kind: 'missing-export'; module: string; name: string; provided: string }
  | { kind: 'contracts'; module: string; wanted: number; provided: number };

type Version = [number, number, number, string];

function parseVersion(text: string): Version | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3]), match[4] ?? ''] : null;
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  if (a[3] === b[3]) return 0;
  if (!a[3]) return 1;
  if (!b[3]) return -1;
  return a[3] < b[3] ? -1 : 1;
}

/**
 * Whether `version` satisfies `range`: `^1.2.3` (same major, or same minor below 1.0), `~1.2.3`
 * (same minor), `>=1.2.3`, `1.2.3` or `*`; `a || b` is either. A range it cannot read is not met.
 */
export function satisfiesRange(version: string, range: string): boolean {
  const v = parseVersion(version);
  if (!v) return false;
  return range.split('||').some((part) => {
    const text = part.trim();
    if (text === '*' || text === '' || text === 'x') return true;
    const operator = /^(\^|~|>=|=)?\s*(.*)$/.exec(text);
    const base = operator ? parseVersion(operator[2]) : null;
    if (!operator || !base) return false;
    if (compare(v, base) < 0) return false;
    switch (operator[1]) {
      case '>=':
        return true;
      case '~':
        return v[0] === base[0] && v[1] === base[1];
      case '^':
        if (base[0] > 0) return v[0] === base[0];
        if (base[1] > 0) return v[0] === 0 && v[1] === base[1];
        return v[0] === 0 && v[1] === 0 && v[2] === base[2];
      default:
        return compare(v, base) === 0;
    }
  });
}

/** Every way `provides` falls short of `requires`, in the order of the required modules. */
export function runtimeContractProblems(requires: RuntimeRequires, provides: RuntimeProvides): RuntimeContractProblem[] {
  const problems: RuntimeContractProblem[] = [];
  for (const [module, needed] of Object.entries(requires.modules)) {
    const wanted = needed.requiredVersion ?? '*';
    const provided = provides.modules[module];
    if (!provided) {
      problems.push({ kind: 'missing-module', module, wanted });
      continue;
    }
    if (!satisfiesRange(provided.version, wanted)) problems.push({ kind: 'version', module, wanted, provided: provided.version });
    if (provided.exports && needed.imports) {
      const carried = new Set(provided.exports);
      for (const name of needed.imports) {
        if (!carried.has(name)) problems.push({ kind: 'missing-export', module, name, provided: provided.version });
      }
    }
  }
  for (const [module, wanted] of Object.entries(requires.contracts ?? {})) {
    const provided = provides.contracts?.[module];
    if (provided !== undefined && provided !== wanted) problems.push({ kind: 'contracts', module, wanted, provided });
  }
  return problems;
}

/** One problem in words: the module, the version wanted and provided, or the export missing. */
export function describeRuntimeContractProblem(problem: RuntimeContractProblem): string {
  switch (problem.kind) {
    case 'missing-module':
      return `it needs the shared module ${problem.module} ${problem.wanted}, which the shell does not provide`;
    case 'version':
      return `it was built against ${problem.module} ${problem.wanted} and the shell provides ${problem.module} ${problem.provided}`;
    case 'missing-export':
      return `it imports "${problem.name}" from ${problem.module}, which the shell's ${problem.module} ${problem.provided} does not export`;
    case 'contracts':
      return `it was built for ${problem.module} v${problem.wanted} and the shell carries ${problem.module} v${problem.provided}`;
  }
}

/**
 * Why an area cannot run with a shell, as the host and deploy both say it: `where` is "this
 * console" in the page and "the <env> environment" in deploy.
 */
export function runtimeContractRefusal(title: string, version: string, problems: RuntimeContractProblem[], where = 'this console'): string {
  return `The ${title} area (version ${version}) cannot run in ${where}: ${problems.map(describeRuntimeContractProblem).join('; ')}. Ask its team to publish a compatible version, or update the shell.`;
}
