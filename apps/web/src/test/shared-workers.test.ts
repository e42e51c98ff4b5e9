import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MOCKED_MODULES } from './mocked-modules.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const UNIT_DIRS = ['apps/web/src', 'packages'];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist') return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? testFiles(path) : /\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

describe('unit files in shared workers (vitest.config.ts, isolate: false)', () => {
  it('unmock after each file every module a file mocks by name, so no mock reaches the next file', () => {
    const mocked = new Map<string, string>();
    for (const file of UNIT_DIRS.flatMap((d) => testFiles(join(ROOT, d)))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/vi\.(?:do)?[mM]ock\(\s*['"]([^'"]+)['"]/g)) mocked.set(m[1]!, relative(ROOT, file));
    }
    const missing = [...mocked].filter(([name]) => !MOCKED_MODULES.includes(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
    expect(mocked.size).toBeGreaterThan(0);
  });
});
