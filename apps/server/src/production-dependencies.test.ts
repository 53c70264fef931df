import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SOURCE_DIR = import.meta.dirname;
const manifest = JSON.parse(readFileSync(path.join(SOURCE_DIR, '../package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** Source files a production server runs: not tests, not the test helpers. */
function runtimeSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : runtimeSources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** `pino-pretty` from 'pino-pretty', `@scope/name` from '@scope/name/sub'. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

function importedPackages(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  // Value imports only: `import type` is erased and needs nothing installed.
  for (const match of text.matchAll(/^import (?!type )[^;]*?from '([^']+)'/gms))
    found.push(match[1]!);
  for (const match of text.matchAll(/(?:import|require)\('([^']+)'\)/g)) found.push(match[1]!);
  return found
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .filter((specifier) => !builtinModules.includes(specifier))
    .map(packageOf);
}

describe('the server package', () => {
  it('lists every package its run-time code imports as a production dependency', () => {
    const missing = runtimeSources(SOURCE_DIR).flatMap((file) =>
      importedPackages(file)
        .filter((name) => !(name in manifest.dependencies))
        .map((name) => `${path.relative(SOURCE_DIR, file)} imports ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
