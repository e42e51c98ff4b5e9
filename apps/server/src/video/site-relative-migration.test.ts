import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/migrate.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { ENGINES } from '../test/db.js';

/**
 * Documents written by earlier versions held this server's absolute
 * addresses; the backend migration 0103 keeps only their paths (and changes
 * nothing the second time, or in addresses that are already site-relative).
 */
describe.each(ENGINES)('site-relative media addresses migration (%s)', (engine) => {
  let t: TestApp;
  const sql = () => readFile(`${MIGRATIONS_DIR}backend/0103-site-relative-media.sql`, 'utf8');
  beforeAll(async () => {
    t = await createTestApp(engine, {}, ['backend']);
  });
  afterAll(() => t?.close());

  it('rewrites absolute VideoPreview and VideoRequest addresses to their paths, once', async () => {
    const db = t.testDb.db;
    const now = new Date().toISOString();
    const preview = (id: string, aws: string, audio: string | null) =>
      db.query(
        `insert into doc_video_preview ("$id", "$createdAt", "$updatedAt", "$permissions", song_id, aws_url, audio_url)
         values ($1, $2, $2, '{}', $1, $3, $4)`,
        [id, now, aws, audio],
      );
    await preview('p1', 'http://localhost:8080/videos/p1/preview.mp4', 'http://localhost:8080/media/p1/160.mp4');
    await preview('p2', 'https://music.example.org:8443/videos/p2/preview.webm', null);
    await preview('p3', '/videos/p3/preview.mp4', '/media/p3/320.mp4');
    await db.query(
      `insert into doc_video_request ("$id", "$createdAt", "$updatedAt", "$permissions", song_id, url)
       values ('r1', $1, $1, '{}', 'p9', 'http://192.168.1.5:8080/download?name=A+Song&id=p9')`,
      [now],
    );
    for (let run = 0; run < 2; run++) await db.exec(await sql());
    const rows = await db.query<{ $id: string; aws_url: string; audio_url: string | null }>(
      'select "$id", aws_url, audio_url from doc_video_preview order by "$id"',
    );
    expect(rows).toEqual([
      { $id: 'p1', aws_url: '/videos/p1/preview.mp4', audio_url: '/media/p1/160.mp4' },
      { $id: 'p2', aws_url: '/videos/p2/preview.webm', audio_url: null },
      { $id: 'p3', aws_url: '/videos/p3/preview.mp4', audio_url: '/media/p3/320.mp4' },
    ]);
    expect(await db.query('select url from doc_video_request')).toEqual([{ url: '/download?name=A+Song&id=p9' }]);
  });
});
