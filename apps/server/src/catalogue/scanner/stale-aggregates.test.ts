import { execFile } from 'node:child_process';
import { copyFile, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { FIXTURE } from '../test/fixtures.js';
import { refreshAggregates } from './finalize.js';
import { useScannedLibrary } from './test/scanned-library.js';

const run = promisify(execFile);

/**
 * Quick scans refresh only the albums and artists their writes touched
 * (migrations/catalogue/0500-stale-aggregates.sql). After each change below,
 * refreshing the whole catalogue must find nothing left to change.
 */
describe.each(ENGINES)('a quick scan refreshes what it touched, as a full refresh would (%s)', (engine) => {
  const { state, q, album } = useScannedLibrary(engine);
  let musicDir: string;
  beforeAll(() => void (musicDir = state.musicDir));

  /** Every figure a refresh computes, albums and artists. */
  const figures = async () => ({
    albums: await q(
      `select id, name, album_artist_id, song_count, year, release_date, language, genre, label, copyright, cover_id
         from albums order by id`,
    ),
    artists: await q('select id, name, cover_id from artists order by id'),
  });
  /** A quick scan, then the check: the notes are used up and a full refresh changes nothing. */
  const quickScan = async () => {
    const report = await state.scanner.rescan('quick');
    expect(report).toMatchObject({ complete: true, changed: true });
    expect(await q('select id from catalogue_stale_albums')).toEqual([]);
    expect(await q('select id from catalogue_stale_artists')).toEqual([]);
    const scoped = await figures();
    await refreshAggregates(state.t.db, 'all');
    expect(await figures()).toEqual(scoped);
    return report;
  };

  it('a file dropped into an album folder', async () => {
    await copyFile(join(musicDir, FIXTURE.victory), join(musicDir, 'wesnoth/victory-copy.ogg'));
    expect(await quickScan()).toMatchObject({ added: 1 });
  });

  it('an album folder deleted: its album and its only artist go', async () => {
    const singularity = (await album(FIXTURE.marchThee))!.id;
    await unlink(join(musicDir, FIXTURE.marchThee));
    await unlink(join(musicDir, FIXTURE.chimes));
    expect(await quickScan()).toMatchObject({ removed: 2 });
    expect(await q('select id from albums where id = $1', [singularity])).toEqual([]);
    expect(await q("select id from artists where name = 'Maxstack'")).toEqual([]);
  });

  it('a song moved to another album folder', async () => {
    await rename(join(musicDir, FIXTURE.harbourLights), join(musicDir, 'Night Drive/02 Harbour Lights.m4a'));
    expect(await quickScan()).toMatchObject({ moved: 1 });
  });

  it('a folder cover replaced: the album cover and its artist cover change', async () => {
    const before = (await album(FIXTURE.echoOla))!.cover_id;
    const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c0ffee' } }).jpeg().toBuffer();
    // Written beside it and renamed over it, as an editor saves: the folder's mtime changes.
    await writeFile(join(musicDir, 'Night Drive/cover.new'), image);
    await rename(join(musicDir, 'Night Drive/cover.new'), join(musicDir, FIXTURE.folderCover));
    await quickScan();
    expect((await album(FIXTURE.echoOla))!.cover_id).not.toBe(before);
  });

  it('a song retagged into an album of its own, in a new folder', async () => {
    await mkdir(join(musicDir, 'Elsewhere'));
    await run('ffmpeg', [
      '-v', 'error', '-i', join(musicDir, FIXTURE.revelation), '-map', '0:a', '-c', 'copy', '-map_metadata', '0:s:a:0',
      '-metadata:s:a:0', 'album=Elsewhere', '-metadata:s:a:0', 'artist=Nobody Yet', '-metadata:s:a:0', 'album_artist=Nobody Yet',
      join(musicDir, 'Elsewhere/revelation.ogg'),
    ]);
    await unlink(join(musicDir, FIXTURE.revelation));
    await quickScan();
    expect((await album('Elsewhere/revelation.ogg'))!).toMatchObject({ name: 'Elsewhere', artist: 'Nobody Yet', song_count: 1 });
  });
});
