import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * docs/SPEC.md gives each rule a stable anchor (`<a id="limits-player"></a>`), and code and tests cite a rule
 * as `SPEC#limits-player`. A citation of an anchor SPEC does not have (renamed, mistyped) fails here, and so
 * does a citation of a whole section by its number, which says less than the rule it means.
 */
const ROOT = new URL('../../../', import.meta.url).pathname;
const anchors = new Set([...readFileSync(`${ROOT}docs/SPEC.md`, 'utf8').matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]!));

const SOURCES = ['*.ts', '*.tsx', '*.mjs'];

/** Every citation of a SPEC anchor in the tracked sources (TypeScript and the benches' .mjs), with its file. */
function citations(): { file: string; id: string }[] {
  const files = execFileSync('git', ['grep', '-l', 'SPEC#', '--', ...SOURCES], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  return files.flatMap((file) => [...readFileSync(`${ROOT}${file}`, 'utf8').matchAll(/SPEC#([a-z0-9-]+)/g)].map((m) => ({ file, id: m[1]! })));
}

/** The tracked sources' lines that cite SPEC by section number, as `file:line: text` (the sign is escaped so this file is not one). */
function sectionCitations(): string[] {
  const grep = spawnSync('git', ['grep', '-n', '-F', 'SPEC \u00a7', '--', ...SOURCES], { cwd: ROOT, encoding: 'utf8' });
  if (grep.status === 1) return [];
  if (grep.status !== 0) throw new Error(`git grep failed: ${grep.stderr}`);
  return grep.stdout.split('\n').filter(Boolean).map((line) => line.trim());
}

describe('SPEC citations', () => {
  it('gives each rule its own anchor, none twice', () => {
    const all = [...readFileSync(`${ROOT}docs/SPEC.md`, 'utf8').matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((m) => m[1]!);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((id, i) => all.indexOf(id) !== i)).toEqual([]);
  });

  it('cites only anchors SPEC has', () => {
    const found = citations();
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((c) => !anchors.has(c.id)).map((c) => `${c.file}: SPEC#${c.id}`)).toEqual([]);
  });

  it('cites rules by anchor, never a whole section by number', () => {
    expect(sectionCitations()).toEqual([]);
  });
});
