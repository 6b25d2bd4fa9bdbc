// The area runtime lives here so that the design system stays a design system: shared-ui offers
// theme and primitives to any page, with or without a router, a query cache or single-spa.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SHARED_UI_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared-ui/src');
const RUNTIME_PACKAGES = ['react-router', 'react-router-dom', '@tanstack/react-query', 'single-spa', 'single-spa-react', '@plinth/area-kit'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The packages a file imports (static and dynamic imports, re-exports), by name without subpath. */
function importedPackages(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '');
  return specifiers.filter((s) => !s.startsWith('.')).map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] ?? s)));
}

describe('the design system (shared-ui/src)', () => {
  it('imports no router, no React Query, no single-spa and not the area kit', () => {
    const offending = sourceFiles(SHARED_UI_SRC).flatMap((file) =>
      importedPackages(readFileSync(file, 'utf8'))
        .filter((name) => RUNTIME_PACKAGES.includes(name))
        .map((name) => `${path.relative(SHARED_UI_SRC, file)} imports ${name}`),
    );
    expect(offending).toEqual([]);
  });

  it('recognises such an import when one is written', () => {
    expect(importedPackages("import { useQuery } from '@tanstack/react-query';\nconst x = import('react-router-dom');")).toEqual(['@tanstack/react-query', 'react-router-dom']);
  });
});
