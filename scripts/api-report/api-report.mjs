// The public API of the shared packages, checked into the repository as <package>/api-report.md,
// and the rule that a change to it comes with the matching version bump.
//
//   node scripts/api-report/api-report.mjs          writes each report (refused without the bump)
//   node scripts/api-report/api-report.mjs --check  fails when a report is not the API as it is
//
// A package takes part with `"plinth": { "apiReport": true }` in its package.json. Its API is every
// export of every entry of its "exports" (test helpers and package.json aside), each with its kind
// and type signature as the TypeScript compiler reads them. Against the report (the API at the
// version it records): a removed or changed export needs a new major, an added one a new minor;
// the package's CHANGELOG.md must have a section for its version.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const REPORT_FILE = 'api-report.md';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType | ts.TypeFormatFlags.WriteArrowStyleSignature;

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Folders under `root` whose package.json has `"plinth": { "apiReport": true }`. */
export function reportedPackages(root = ROOT) {
  return readdirSync(root)
    .filter((name) => !name.startsWith('.') && name !== 'node_modules')
    .map((name) => path.join(root, name))
    .filter((dir) => existsSync(path.join(dir, 'package.json')) && readJson(path.join(dir, 'package.json')).plinth?.apiReport === true)
    .sort();
}

/** A package's public entries: "exports" subpaths to source files, test helpers and package.json aside. */
function entriesOf(dir) {
  const pkg = readJson(path.join(dir, 'package.json'));
  const exportsField = pkg.exports ?? { '.': pkg.main };
  return Object.entries(exportsField)
    .filter(([key, target]) => key !== './package.json' && !key.startsWith('./testing') && typeof target === 'string' && /\.tsx?$/.test(target))
    .map(([key, target]) => ({ module: key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`, file: path.join(dir, target) }));
}

const oneLine = (text) => text.replace(/\s+/g, ' ').trim();
/** Type text without the compiler's import("<absolute path>"). qualifiers, which differ from one machine to another. */
const portable = (text) =>
  text
    .replace(/import\("[^"]*"\)\./g, '')
    .replace(/import\("([^"]*)"\)/g, (_match, file) => `import("${path.isAbsolute(file) ? path.relative(ROOT, file) : file}")`);

/** Splits at depth 0 (outside brackets and quotes) on any of `separators`; keeps them with `keep`. */
function splitTop(text, separators) {
  const parts = [];
  let depth = 0;
  let quote = null;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{<'.includes(c)) depth += 1;
    else if (')]}'.includes(c) || (c === '>' && text[i - 1] !== '=')) depth -= 1;
    else if (depth === 0 && separators.includes(c)) {
      parts.push({ text: text.slice(start, i), separator: c });
      start = i + 1;
    }
  }
  parts.push({ text: text.slice(start), separator: '' });
  return parts;
}

/**
 * The compiler writes a union's members in the order it created their types, which differs from
 * one program to another: members are sorted, at every depth, so a report changes only with the API.
 */
export function canonicalType(text) {
  const statements = splitTop(text, ';,');
  if (statements.length > 1) return statements.map((part) => `${canonicalType(part.text.trim())}${part.separator}`).join(' ').trim();
  const property = splitTop(text, ':');
  if (property.length > 1 && !/=>/.test(property[0].text)) {
    return `${canonicalGroups(property[0].text.trim())}: ${canonicalType(text.slice(property[0].text.length + 1).trim())}`;
  }
  const arrow = text.search(/=>/);
  if (arrow >= 0 && splitTop(text.slice(0, arrow), '|').length === 1 && !/[([{<]/.test(text.slice(0, arrow).replace(/^<[^>]*>/, '').replace(/^\([^]*\)\s*$/, ''))) {
    return `${canonicalGroups(text.slice(0, arrow).trim())} => ${canonicalType(text.slice(arrow + 2).trim())}`;
  }
  const members = splitTop(text, '|').map((part) => part.text.trim());
  if (members.length > 1) return members.map(canonicalType).sort().join(' | ');
  return canonicalGroups(text);
}

/** An object type's members, each canonical, in name order (a mapped type writes them in creation order too). */
function canonicalMembers(inner) {
  const members = splitTop(inner, ';')
    .map((part) => part.text.trim())
    .filter(Boolean)
    .map(canonicalType);
  return `${members.sort().join('; ')};`;
}

/** Each bracketed group at depth 0 with its content made canonical. */
function canonicalGroups(text) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if ('([{'.includes(c) || (c === '<' && text[i + 1] !== '=')) {
      const close = { '(': ')', '[': ']', '{': '}', '<': '>' }[c];
      let depth = 0;
      let j = i;
      let quote = null;
      for (; j < text.length; j += 1) {
        const d = text[j];
        if (quote) {
          if (d === '\\') j += 1;
          else if (d === quote) quote = null;
        } else if (d === "'" || d === '"' || d === '`') quote = d;
        else if ('([{<'.includes(d)) depth += 1;
        else if (')]}'.includes(d) || (d === '>' && text[j - 1] !== '=')) {
          depth -= 1;
          if (depth === 0) break;
        }
      }
      if (j >= text.length || text[j] !== close) return out + text.slice(i);
      const inner = text.slice(i + 1, j).trim();
      out += `${c}${c === '{' && inner ? ` ${canonicalMembers(inner)} ` : canonicalType(inner)}${close}`;
      i = j + 1;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

function typeText(checker, type, at, flags = FLAGS) {
  return canonicalType(portable(checker.typeToString(type, at, flags)));
}

/**
 * A call or construct signature by its types only (parameter names are not part of the API):
 * `<T>(ButtonProps, string?, ...number[]) => Element`.
 */
function signatureText(checker, signature, at) {
  const typeParameters = signature.getTypeParameters() ?? [];
  const generics = typeParameters.length
    ? `<${typeParameters.map((parameter) => {
        const constraint = parameter.getConstraint();
        return constraint ? `${typeText(checker, parameter, at)} extends ${typeText(checker, constraint, at)}` : typeText(checker, parameter, at);
      }).join(', ')}>`
    : '';
  const parameters = signature.getParameters().map((parameter) => {
    const declaration = parameter.valueDeclaration;
    const optional = declaration && ts.isParameter(declaration) && (declaration.questionToken || declaration.initializer) ? '?' : '';
    const rest = declaration && ts.isParameter(declaration) && declaration.dotDotDotToken ? '...' : '';
    const type = declaration && ts.isParameter(declaration) && declaration.type ? checker.getTypeFromTypeNode(declaration.type) : checker.getTypeOfSymbolAtLocation(parameter, at);
    return `${rest}${typeText(checker, type, at)}${optional}`;
  });
  return `${generics}(${parameters.join(', ')}) => ${typeText(checker, signature.getReturnType(), at)}`;
}

function memberLine(checker, member) {
  const symbol = member.name ? checker.getSymbolAtLocation(member.name) : undefined;
  const name = member.name ? member.name.getText() : '';
  if (ts.isMethodSignature(member) || ts.isCallSignatureDeclaration(member) || ts.isConstructSignatureDeclaration(member) || ts.isIndexSignatureDeclaration(member)) {
    return portable(oneLine(member.getText()));
  }
  const optional = member.questionToken ? '?' : '';
  const readonly = ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Readonly ? 'readonly ' : '';
  const type = symbol ? typeText(checker, checker.getTypeOfSymbolAtLocation(symbol, member), member) : '?';
  return `${readonly}${name}${optional}: ${type}`;
}

/** The kinds and signatures of one exported symbol (a name may be a value and a type at once). */
function describeSymbol(checker, exported) {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const declaration = symbol.declarations?.[0];
  const parts = [];
  if (symbol.flags & ts.SymbolFlags.Interface) {
    const declarations = (symbol.declarations ?? []).filter(ts.isInterfaceDeclaration);
    const heritage = declarations.flatMap((d) => d.heritageClauses ?? []).map((clause) => oneLine(clause.getText()));
    const members = declarations.flatMap((d) => d.members.map((member) => memberLine(checker, member)));
    parts.push(`interface ${heritage.length ? `${heritage.join(' ')} ` : ''}{ ${members.sort().join('; ')} }`);
  }
  if (symbol.flags & ts.SymbolFlags.TypeAlias) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    parts.push(`type ${typeText(checker, type, declaration, FLAGS | ts.TypeFormatFlags.InTypeAlias)}`);
  }
  if (symbol.flags & ts.SymbolFlags.Enum) {
    const members = (symbol.declarations ?? []).filter(ts.isEnumDeclaration).flatMap((d) => d.members.map((m) => oneLine(m.getText())));
    parts.push(`enum { ${members.join(', ')} }`);
  }
  if (symbol.flags & ts.SymbolFlags.Class) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
    const instance = checker.getDeclaredTypeOfSymbol(symbol);
    const constructors = type.getConstructSignatures().map((signature) => signatureText(checker, signature, declaration));
    const own = (p) => (p.declarations ?? []).some((d) => d.parent === declaration);
    const members = checker.getPropertiesOfType(instance).filter(own).map((p) => `${p.name}: ${typeText(checker, checker.getTypeOfSymbolAtLocation(p, declaration), declaration)}`);
    parts.push(`class { ${[...constructors.map((c) => `new ${c}`), ...members].join('; ')} }`);
  } else if (symbol.flags & ts.SymbolFlags.Function) {
    const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
    parts.push(`function ${type.getCallSignatures().map((signature) => signatureText(checker, signature, declaration)).join(' & ')}`);
  } else if (symbol.flags & ts.SymbolFlags.Variable) {
    parts.push(`const ${typeText(checker, checker.getTypeOfSymbolAtLocation(symbol, declaration), declaration)}`);
  }
  if (!parts.length && symbol.flags & ts.SymbolFlags.Namespace) parts.push('namespace');
  return parts.join(' + ') || 'unknown';
}

function compilerOptions(root) {
  const base = readJson(path.join(root, 'tsconfig.base.json')).compilerOptions;
  const converted = ts.convertCompilerOptionsFromJson(base, root).options;
  return { ...converted, noEmit: true, skipLibCheck: true };
}

/**
 * The public API of each package: { [module]: { [export]: signature } } per package directory.
 * Each package is read with a program of its own entries only, so how its types are written does
 * not depend on which other packages take part (parsed files are shared between the programs).
 */
export function readApis(dirs, root = ROOT) {
  const options = compilerOptions(root);
  const host = ts.createCompilerHost(options);
  const parsed = new Map();
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) => {
    if (!parsed.has(file)) parsed.set(file, readSource(file, language, ...rest));
    return parsed.get(file);
  };
  const apis = new Map();
  for (const dir of dirs) {
    const list = entriesOf(dir);
    const program = ts.createProgram(list.map((entry) => entry.file), options, host);
    const checker = program.getTypeChecker();
    const api = {};
    for (const { module, file } of list) {
      const source = program.getSourceFile(file);
      const moduleSymbol = source && checker.getSymbolAtLocation(source);
      api[module] = {};
      if (!moduleSymbol) continue;
      for (const exported of checker.getExportsOfModule(moduleSymbol).sort((a, b) => a.name.localeCompare(b.name))) {
        api[module][exported.name] = describeSymbol(checker, exported);
      }
    }
    apis.set(dir, api);
  }
  return apis;
}

/**
 * A package's version stamp (the const its package.json names in `plinth.versionStamp`, e.g.
 * CONTRACTS_VERSION, kept equal to its version) changes value with every release by definition: it
 * is reported as `const string`, not as its literal, so that a bump is not itself a changed export.
 */
export function stampless(api, stamp) {
  if (!stamp) return api;
  return Object.fromEntries(
    Object.entries(api).map(([module, exported]) => [
      module,
      Object.fromEntries(Object.entries(exported).map(([name, signature]) => [name, name === stamp && /^const '[^']*'$/.test(signature) ? 'const string' : signature])),
    ]),
  );
}

/** The report's text: the package, the version it was written at, each entry's exports. */
export function renderReport(name, version, api) {
  const lines = [
    `# API report: ${name}`,
    '',
    `<!-- Written by scripts/api-report/api-report.mjs (\`pnpm run api-report\`); do not edit by hand. -->`,
    '',
    `version: ${version}`,
  ];
  for (const module of Object.keys(api).sort()) {
    lines.push('', `## ${module}`, '');
    for (const [exported, signature] of Object.entries(api[module]).sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`- \`${exported}\`: \`${signature.replace(/`/g, "'")}\``);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Reads a report back: { version, api }. */
export function parseReport(text) {
  const version = /^version: (\S+)$/m.exec(text)?.[1] ?? null;
  const api = {};
  let module = null;
  for (const line of text.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      module = heading[1];
      api[module] = {};
      continue;
    }
    const entry = /^- `([^`]+)`: `(.*)`$/.exec(line);
    if (entry && module) api[module][entry[1]] = entry[2];
  }
  return { version, api };
}

/** An object type's heritage and members, as the report writes an interface or an object type. */
function objectShape(signature) {
  const match = /^(interface (?:extends .*? )?|type )\{ (.*) \}$/.exec(signature);
  if (!match) return null;
  return { head: match[1], members: splitTop(match[2], ';').map((part) => part.text.trim()).filter(Boolean) };
}

/**
 * When `after` is `before` with optional members added and nothing else changed (which breaks no
 * code written against `before`), the names of those members; otherwise null.
 */
function addedOptionalMembers(before, after) {
  const old = objectShape(before);
  const now = objectShape(after);
  if (!old || !now || old.head !== now.head) return null;
  if (!old.members.every((member) => now.members.includes(member))) return null;
  const extra = now.members.filter((member) => !old.members.includes(member));
  const names = extra.map((member) => /^(?:readonly )?([^:]+?)\?:/.exec(member)?.[1] ?? null);
  return extra.length && names.every(Boolean) ? names : null;
}

/**
 * When `after` is `before` with optional members added inside its object types, at any depth
 * (`name?: T` or a zod schema's `name: z.ZodMiniOptional<…>`: a manifest's page gaining an
 * optional field), and nothing else changed, the names of those members; otherwise null.
 */
function addedNestedOptionalMembers(before, after) {
  const memberAt = (j) => {
    const head = /^(?:readonly )?("[^"]+"|[\w$]+)(\?: |: z\.Zod(?:Mini)?Optional<)/.exec(after.slice(j, j + 300));
    if (!head) return null;
    let depth = head[2].endsWith('<') ? 1 : 0;
    for (let k = j + head[0].length; k < after.length; k += 1) {
      const c = after[k];
      if (c === '>' && after[k - 1] === '=') continue;
      if ('{<(['.includes(c)) depth += 1;
      else if ('}>)]'.includes(c)) {
        if (depth === 0) return null;
        depth -= 1;
      } else if (c === ';' && depth === 0) return after[k + 1] === ' ' ? { end: k + 2, name: head[1] } : null;
    }
    return null;
  };
  const failed = new Set();
  const names = [];
  const match = (i, j) => {
    for (;;) {
      if (j === after.length) return i === before.length;
      const lead = after.slice(j - 2, j);
      if (lead === '{ ' || lead === '; ') {
        const key = `${i}:${j}`;
        const member = failed.has(key) ? null : memberAt(j);
        if (member) {
          if (match(i, member.end)) {
            names.push(member.name);
            return true;
          }
          failed.add(key);
        }
      }
      if (before[i] !== after[j]) return false;
      i += 1;
      j += 1;
    }
  };
  return before !== after && match(0, 0) && names.length ? [...new Set(names)] : null;
}

/** What changed from the report's API to the current one: lists of "export X of module" descriptions. */
export function compareApis(before, after) {
  const added = [];
  const removed = [];
  const changed = [];
  for (const module of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[module] ?? {};
    const now = after[module] ?? {};
    for (const name of Object.keys(now)) {
      if (!(name in old)) added.push(`"${name}" of ${module}`);
      else if (old[name] !== now[name].replace(/`/g, "'")) {
        const optional = addedOptionalMembers(old[name], now[name].replace(/`/g, "'")) ?? addedNestedOptionalMembers(old[name], now[name].replace(/`/g, "'"));
        if (optional) added.push(...optional.map((member) => `optional "${member}" of "${name}" of ${module}`));
        else changed.push(`"${name}" of ${module}`);
      }
    }
    for (const name of Object.keys(old)) if (!(name in now)) removed.push(`"${name}" of ${module}`);
  }
  return { added, removed, changed };
}

function parseVersion(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version ?? '');
  return match ? match.slice(1, 4).map(Number) : null;
}

/** Whether going from `from` to `to` is at least a `bump` ('major' | 'minor'); below 1.0 a minor counts as a major. */
export function isBumped(from, to, bump) {
  const a = parseVersion(from);
  const b = parseVersion(to);
  if (!a || !b) return false;
  const majorBump = a[0] === 0 ? b[0] > 0 || b[1] > a[1] : b[0] > a[0];
  if (bump === 'major') return majorBump;
  return majorBump || (b[0] === a[0] && b[1] > a[1]);
}

function nextVersion(from, bump) {
  const [major, minor] = parseVersion(from) ?? [0, 0];
  if (bump === 'major' && major > 0) return `${major + 1}.0.0`;
  return `${major}.${minor + 1}.0`;
}

/**
 * The problems of one package: a change to its API without the matching bump (naming the
 * exports), a report out of date, a version without a changelog section. `write` rewrites the
 * report when the bump is right.
 */
export function checkPackage(dir, current, { write = false, root = ROOT } = {}) {
  const pkg = readJson(path.join(dir, 'package.json'));
  const reportFile = path.join(dir, REPORT_FILE);
  const rel = path.relative(root, dir) || dir;
  const problems = [];
  const stamp = pkg.plinth?.versionStamp;
  const api = stampless(current, stamp);
  const read = existsSync(reportFile) ? parseReport(readFileSync(reportFile, 'utf8')) : null;
  const report = read && { ...read, api: stampless(read.api, stamp) };
  if (report) {
    const { added, removed, changed } = compareApis(report.api, api);
    const breaking = [...removed.map((e) => `removed ${e}`), ...changed.map((e) => `changed ${e}`)];
    if (breaking.length && !isBumped(report.version, pkg.version, 'major')) {
      problems.push(
        `${pkg.name}: ${breaking.join(', ')} since ${report.version}, but its version is ${pkg.version}: a removed or changed export needs a new major (${nextVersion(report.version, 'major')}). Bump "version" in ${rel}/package.json, say what changed in ${rel}/CHANGELOG.md, and run \`pnpm run api-report\`.`,
      );
    } else if (added.length && !breaking.length && !isBumped(report.version, pkg.version, 'minor')) {
      problems.push(
        `${pkg.name}: added ${added.join(', ')} since ${report.version}, but its version is ${pkg.version}: an added export needs a new minor (${nextVersion(report.version, 'minor')}). Bump "version" in ${rel}/package.json, say what changed in ${rel}/CHANGELOG.md, and run \`pnpm run api-report\`.`,
      );
    }
  }
  const text = renderReport(pkg.name, pkg.version, api);
  const upToDate = report !== null && existsSync(reportFile) && readFileSync(reportFile, 'utf8') === text;
  if (problems.length === 0 && !upToDate) {
    if (write) writeFileSync(reportFile, text);
    else problems.push(`${pkg.name}: ${rel}/${REPORT_FILE} is not the package's API at ${pkg.version}${report ? '' : ' (there is none)'}: run \`pnpm run api-report\` and commit it.`);
  }
  const changelog = path.join(dir, 'CHANGELOG.md');
  const escaped = pkg.version.replace(/\./g, '\\.');
  if (!existsSync(changelog) || !new RegExp(`^## ${escaped}\\b`, 'm').test(readFileSync(changelog, 'utf8'))) {
    problems.push(`${pkg.name}: ${rel}/CHANGELOG.md has no "## ${pkg.version}" section saying what this version changed.`);
  }
  return problems;
}

/** Checks (or writes) every taking-part package's report; returns the problems found. */
export function run({ write = false, root = ROOT, log = console.log } = {}) {
  const dirs = reportedPackages(root);
  const apis = readApis(dirs, root);
  const problems = dirs.flatMap((dir) => checkPackage(dir, apis.get(dir), { write, root }));
  for (const dir of dirs) {
    const count = Object.values(apis.get(dir)).reduce((sum, exported) => sum + Object.keys(exported).length, 0);
    log(`${path.relative(root, dir)}: ${count} exports`);
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const write = !process.argv.includes('--check');
  const problems = run({ write });
  if (problems.length) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  console.log(write ? 'API reports written.' : 'API reports match the packages and their versions.');
}
