import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, ENGINES, type TestDb } from '../test/db.js';
import { queryJsonIds, queryJsonRows } from './json-rows.js';

describe.each(ENGINES)('rows as one JSON text (%s)', (engine) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(engine);
    await t.db.exec(`create table json_rows_test (id int primary key, name text, size bigint, gain real, at timestamptz, tags jsonb);
      insert into json_rows_test select i, 'song ' || i, 5000000000 + i, -6.98, timestamptz '2026-01-02 03:04:05.678+00' + i * interval '1 day',
        case when i % 2 = 0 then '["a"]'::jsonb end from generate_series(1, 600) i;`);
  });
  afterAll(() => t.drop());

  it('keeps the order, and gives numbers, ISO timestamps and json values', async () => {
    const rows = await queryJsonRows<{ id: number; name: string; size: number; gain: number; at: string; tags: string[] | null }>(
      t.db, 'select * from json_rows_test where id > $1 order by id desc limit $2', [10, 500],
    );
    expect(rows).toHaveLength(500);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 500 }, (_, i) => 600 - i));
    expect(rows[0]).toEqual({ id: 600, name: 'song 600', size: 5000000600, gain: -6.98, at: expect.any(String), tags: ['a'] });
    expect(new Date(rows[0]!.at).toISOString()).toBe('2027-08-25T03:04:05.678Z');
    expect(rows[1]!.tags).toBeNull();
  });

  it('answers an empty list for no rows', async () => {
    expect(await queryJsonRows(t.db, 'select * from json_rows_test where id < 0')).toEqual([]);
  });

  it('reads a page of ids in the statement order, as text', async () => {
    const ids = await queryJsonIds(t.db, 'select t.name as id from json_rows_test t order by t.id desc limit $1 offset $2', [3, 1]);
    expect(ids).toEqual(['song 599', 'song 598', 'song 597']);
    expect(await queryJsonIds(t.db, 'select id::text as id from json_rows_test where id < 0')).toEqual([]);
  });
});
