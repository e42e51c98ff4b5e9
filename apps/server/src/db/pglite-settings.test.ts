import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/db.js';
import { PGLITE_SETTINGS, pgliteStartParams } from './pglite-settings.js';
import { seedFromTemplate } from './pglite-template.js';

describe('PGlite start parameters', () => {
  it("puts the memory settings after PGlite's own, so they win", () => {
    const params = pgliteStartParams(['--single', '-c', 'shared_buffers=128MB'], { shared_buffers: '32MB', work_mem: '4MB' });
    expect(params).toEqual(['--single', '-c', 'shared_buffers=128MB', '-c', 'shared_buffers=32MB', '-c', 'work_mem=4MB']);
  });

  it('runs the embedded database with them', async () => {
    const t = await createTestDb('pglite');
    try {
      for (const name of ['shared_buffers', 'max_connections', 'work_mem']) {
        const [row] = await t.db.query<Record<string, string>>(`show ${name}`);
        expect(row![name]).toBe(PGLITE_SETTINGS[name]);
      }
    } finally {
      await t.drop();
    }
  });
});

describe('starting a new data folder from the template', () => {
  const root = mkdtempSync(join(tmpdir(), 'lyra-pglite-template-'));
  const template = join(root, 'template');
  mkdirSync(join(template, 'base'), { recursive: true });
  writeFileSync(join(template, 'PG_VERSION'), '18\n');
  writeFileSync(join(template, 'base', 'table'), 'rows');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('copies the template into an empty folder', () => {
    const dir = join(root, 'empty');
    mkdirSync(dir);
    expect(seedFromTemplate(dir, template)).toBe(true);
    expect(readFileSync(join(dir, 'base', 'table'), 'utf8')).toBe('rows');
  });

  it('leaves a folder that holds a database as it is', () => {
    const dir = join(root, 'existing');
    mkdirSync(dir);
    writeFileSync(join(dir, 'PG_VERSION'), '18\n');
    expect(seedFromTemplate(dir, template)).toBe(false);
    expect(() => readFileSync(join(dir, 'base', 'table'))).toThrow();
  });

  it('does nothing without a template (the server then runs initdb)', () => {
    const dir = join(root, 'no-template');
    expect(seedFromTemplate(dir, join(root, 'missing'))).toBe(false);
  });
});
