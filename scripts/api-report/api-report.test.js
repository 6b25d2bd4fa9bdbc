import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalType, REPORT_FILE, reportedPackages, run, stampless } from './api-report.mjs';

const REPO = path.resolve(import.meta.dirname, '../..');

/** A workspace with one package taking part (`@fixture/kit`) and one that does not. */
function fixtureWorkspace() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'plinth-api-report-'));
  copyFileSync(path.join(REPO, 'tsconfig.base.json'), path.join(root, 'tsconfig.base.json'));
  const kit = path.join(root, 'kit');
  mkdirSync(path.join(kit, 'src/menu'), { recursive: true });
  mkdirSync(path.join(root, 'other/src'), { recursive: true });
  writeFileSync(path.join(root, 'other/package.json'), JSON.stringify({ name: '@fixture/other', version: '1.0.0', exports: { '.': './src/index.ts' } }));
  writeFileSync(path.join(root, 'other/src/index.ts'), 'export const other = 1;\n');
  const pkg = (version) =>
    writeFileSync(
      path.join(kit, 'package.json'),
      JSON.stringify({ name: '@fixture/kit', version, plinth: { apiReport: true }, exports: { '.': './src/index.ts', './menu': './src/menu/index.ts', './testing': './src/testing.ts' } }),
    );
  const source = (text) => writeFileSync(path.join(kit, 'src/index.ts'), text);
  const changelog = (...versions) => writeFileSync(path.join(kit, 'CHANGELOG.md'), `# Changelog\n\n${versions.map((v) => `## ${v}\n\n- a change\n`).join('\n')}`);
  writeFileSync(path.join(kit, 'src/menu/index.ts'), 'export interface MenuItem { label: string; onSelect?: () => void }\nexport function Menu(items: MenuItem[]): number { return items.length; }\n');
  writeFileSync(path.join(kit, 'src/testing.ts'), 'export const fake = true;\n');
  pkg('1.0.0');
  changelog('1.0.0');
  source('export function format(value: number, unit?: string): string { return `${value}${unit ?? ""}`; }\nexport const LIMIT = 10;\n');
  const check = () => run({ root, write: false, log: () => undefined });
  const write = () => run({ root, write: true, log: () => undefined });
  const report = () => readFileSync(path.join(kit, REPORT_FILE), 'utf8');
  return { root, kit, pkg, source, changelog, check, write, report };
}

describe('API reports', () => {
  it('reports the packages that take part by their flag, each entry\'s exports with their signatures, test helpers aside', () => {
    const fixture = fixtureWorkspace();
    expect(reportedPackages(fixture.root)).toEqual([fixture.kit]);
    expect(fixture.check()).toEqual(['@fixture/kit: kit/api-report.md is not the package\'s API at 1.0.0 (there is none): run `pnpm run api-report` and commit it.']);
    expect(fixture.write()).toEqual([]);
    const text = fixture.report();
    expect(text).toContain('version: 1.0.0');
    expect(text).toContain('## @fixture/kit\n\n- `format`: `function (number, string?) => string`\n- `LIMIT`: `const 10`');
    expect(text).toContain('## @fixture/kit/menu\n\n- `Menu`: `function (MenuItem[]) => number`\n- `MenuItem`: `interface { label: string; onSelect?: (() => void) | undefined }`');
    expect(text).not.toContain('fake');
    expect(fixture.check()).toEqual([]);
  }, 60_000);

  it('fails on an added export without a bump, naming the package and the export, and passes once the minor is bumped', () => {
    const fixture = fixtureWorkspace();
    fixture.write();
    fixture.source('export function format(value: number, unit?: string): string { return `${value}${unit ?? ""}`; }\nexport const LIMIT = 10;\nexport function parse(text: string): number { return Number(text); }\n');
    const refusal =
      '@fixture/kit: added "parse" of @fixture/kit since 1.0.0, but its version is 1.0.0: an added export needs a new minor (1.1.0). Bump "version" in kit/package.json, say what changed in kit/CHANGELOG.md, and run `pnpm run api-report`.';
    expect(fixture.check()).toEqual([refusal]);
    expect(fixture.write()).toEqual([refusal]);
    expect(fixture.report()).not.toContain('parse');

    fixture.pkg('1.1.0');
    expect(fixture.write()).toEqual(['@fixture/kit: kit/CHANGELOG.md has no "## 1.1.0" section saying what this version changed.']);
    fixture.changelog('1.1.0', '1.0.0');
    expect(fixture.write()).toEqual([]);
    expect(fixture.check()).toEqual([]);
    expect(fixture.report()).toContain('- `parse`: `function (string) => number`');
  }, 60_000);

  it('fails on a removed export with only a minor bump, and on a changed signature, and passes with a new major', () => {
    const fixture = fixtureWorkspace();
    fixture.write();
    fixture.source('export function format(value: number, unit?: string): string { return `${value}${unit ?? ""}`; }\n');
    fixture.pkg('1.1.0');
    fixture.changelog('1.1.0', '1.0.0');
    expect(fixture.check()).toEqual([
      '@fixture/kit: removed "LIMIT" of @fixture/kit since 1.0.0, but its version is 1.1.0: a removed or changed export needs a new major (2.0.0). Bump "version" in kit/package.json, say what changed in kit/CHANGELOG.md, and run `pnpm run api-report`.',
    ]);

    fixture.source('export function format(value: bigint, unit?: string): string { return `${value}${unit ?? ""}`; }\nexport const LIMIT = 10;\n');
    expect(fixture.check()).toEqual([
      '@fixture/kit: changed "format" of @fixture/kit since 1.0.0, but its version is 1.1.0: a removed or changed export needs a new major (2.0.0). Bump "version" in kit/package.json, say what changed in kit/CHANGELOG.md, and run `pnpm run api-report`.',
    ]);

    fixture.pkg('2.0.0');
    fixture.changelog('2.0.0', '1.1.0', '1.0.0');
    expect(fixture.write()).toEqual([]);
    expect(fixture.check()).toEqual([]);
    expect(fixture.report()).toContain('version: 2.0.0');
  }, 60_000);

  it('counts optional members added to an interface as an addition (a minor), and any other change to it as a major', () => {
    const fixture = fixtureWorkspace();
    writeFileSync(path.join(fixture.kit, 'src/menu/index.ts'), 'export interface MenuItem { label: string; onSelect?: () => void; icon?: string }\nexport function Menu(items: MenuItem[]): number { return items.length; }\n');
    fixture.write();
    writeFileSync(path.join(fixture.kit, 'src/menu/index.ts'), 'export interface MenuItem { label: string; onSelect?: () => void; icon?: string; hint?: string }\nexport function Menu(items: MenuItem[]): number { return items.length; }\n');
    expect(fixture.check()).toEqual([
      '@fixture/kit: added optional "hint" of "MenuItem" of @fixture/kit/menu since 1.0.0, but its version is 1.0.0: an added export needs a new minor (1.1.0). Bump "version" in kit/package.json, say what changed in kit/CHANGELOG.md, and run `pnpm run api-report`.',
    ]);
    writeFileSync(path.join(fixture.kit, 'src/menu/index.ts'), 'export interface MenuItem { label: string; onSelect?: () => void; icon?: number }\nexport function Menu(items: MenuItem[]): number { return items.length; }\n');
    expect(fixture.check()[0]).toContain('changed "MenuItem" of @fixture/kit/menu since 1.0.0, but its version is 1.0.0: a removed or changed export needs a new major (2.0.0).');
  }, 60_000);

  it('counts optional members added inside nested object types (a page of a manifest) as an addition, and a required one as a change', () => {
    const fixture = fixtureWorkspace();
    const manifest = (page) => `export interface Manifest { id: string; pages: { ${page} }[] }\nexport function check(manifest: Manifest): string[] { return [manifest.id]; }\n`;
    writeFileSync(path.join(fixture.kit, 'src/index.ts'), manifest('path: string; title?: string'));
    fixture.write();
    writeFileSync(path.join(fixture.kit, 'src/index.ts'), manifest('path: string; preload?: string[]; title?: string'));
    expect(fixture.check()).toEqual([
      '@fixture/kit: added optional "preload" of "Manifest" of @fixture/kit since 1.0.0, but its version is 1.0.0: an added export needs a new minor (1.1.0). Bump "version" in kit/package.json, say what changed in kit/CHANGELOG.md, and run `pnpm run api-report`.',
    ]);
    writeFileSync(path.join(fixture.kit, 'src/index.ts'), manifest('path: string; preload: string[]; title?: string'));
    expect(fixture.check()[0]).toContain('changed "Manifest" of @fixture/kit');
  }, 60_000);

  it('writes unions and object members in a fixed order, which the compiler does not (it follows the order types were created in)', () => {
    expect(canonicalType("{ size?: 'small' | 'medium' | undefined; area: AreaName; mount: (props: P | Q) => Promise<B | A>; }")).toBe(
      "{ area: AreaName; mount: (props: P | Q) => Promise<A | B>; size?: 'medium' | 'small' | undefined; }",
    );
    expect(canonicalType("Record<'b' | 'a', (() => void) | null>")).toBe("Record<'a' | 'b', (() => void) | null>");
  });

  it('reports the version stamp a package names as a string, so that bumping the version is not a change of its API', () => {
    const api = { '@fixture/kit': { KIT_VERSION: "const '1.1.0'", PROTOCOL_VERSION: "const '1.0'" } };
    expect(stampless(api, 'KIT_VERSION')).toEqual({ '@fixture/kit': { KIT_VERSION: 'const string', PROTOCOL_VERSION: "const '1.0'" } });
    expect(stampless(api, undefined)).toBe(api);
  });
});
