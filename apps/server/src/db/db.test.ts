import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, ENGINES, type TestDb } from '../test/db.js';
import { migrate } from './migrate.js';

describe.each(ENGINES)('database on %s', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
  });
  afterAll(async () => t?.drop());

  it('applies migrations once and records them', async () => {
    const first = await migrate(t.db, 'catalogue');
    expect(first).toContain('catalogue/0001-catalogue.sql');
    expect(await migrate(t.db, 'catalogue')).toEqual([]);
  });

  it('returns counts as numbers, jsonb as objects and arrays as arrays', async () => {
    await t.db.exec('create table x (n int8, j jsonb, a text[])');
    await t.db.query('insert into x values ($1, $2, $3)', [7, { k: [1] }, ['p', 'q']]);
    const rows = await t.db.query<{ n: number; j: unknown; a: string[]; c: number }>(
      'select *, count(*) over () as c from x where $1 = any(a)',
      ['q'],
    );
    expect(rows).toEqual([{ n: 7, j: { k: [1] }, a: ['p', 'q'], c: 1 }]);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query('insert into x (n) values (1)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await t.db.query('select * from x where n = 1')).toEqual([]);
  });

  it('matches misspelt words with pg_trgm', async () => {
    const [row] = await t.db.query<{ s: number }>("select similarity('battle epic', 'batle epik') as s");
    expect(row!.s).toBeGreaterThan(0.4);
  });

  it('delivers NOTIFY to a listener', async () => {
    const got: string[] = [];
    const stop = await t.db.listen('lyra_test', (p) => got.push(p));
    await t.db.notify('lyra_test', 'hello');
    await expect.poll(() => got).toEqual(['hello']);
    await stop();
  });
});
