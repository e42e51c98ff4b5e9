import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../../test/db.js';
import { coverId } from '../ids.js';
import { FIXTURE, FIXTURE_BAD_AUDIO, FIXTURE_GOOD_AUDIO } from '../test/fixtures.js';
import { useScannedLibrary } from './test/scanned-library.js';

/**
 * Rescans after the first one, in order, each on the library the one before
 * left: unchanged files are not read again, moved and changed files keep their
 * ids, failed files are retried once they change, gone files take their
 * songs (and emptied albums, artists, covers) with them, new files are written.
 */
const execFileAsync = promisify(execFile);

describe.each(ENGINES)('scanner on %s', (engine) => {
  const { state, reads, scanned, removals, q, track, album, snapshot } = useScannedLibrary(engine);
  let { musicDir, dataDir, scanner } = state;
  beforeAll(() => void ({ musicDir, dataDir, scanner } = state));

  it('rescans without re-reading unchanged files and keeps every id', async () => {
    const before = await snapshot();
    reads.length = 0;
    const again = await scanner.rescan();
    expect(reads).toEqual([]);
    const files = FIXTURE_GOOD_AUDIO.length + FIXTURE_BAD_AUDIO.length;
    expect(again).toMatchObject({ seen: files, read: 0, skipped: files, removed: 0, errors: 0, complete: true, changed: false });
    expect(await snapshot()).toEqual(before);
    expect(scanned).toHaveLength(1); // nothing changed: no listener call
  });

  it('keeps the id of a renamed or moved file', async () => {
    const untagged = (await track(FIXTURE.untagged))!.id;
    const revelation = (await track(FIXTURE.revelation))!;
    await rename(join(musicDir, FIXTURE.untagged), join(musicDir, 'Loose/renamed_song.mp3'));
    await mkdir(join(musicDir, 'Archive'));
    await rename(join(musicDir, FIXTURE.revelation), join(musicDir, 'Archive/revelation.ogg'));
    reads.length = 0;
    const r = await scanner.rescan();
    expect(r).toMatchObject({ moved: 2, removed: 0, changed: true });
    expect(reads.sort()).toEqual(['Archive/revelation.ogg', 'Loose/renamed_song.mp3']);
    expect(await track(FIXTURE.untagged)).toBeUndefined();
    expect(await track('Loose/renamed_song.mp3')).toMatchObject({ id: untagged, title: 'Renamed Song' });
    // Its ALBUMARTIST tag keeps it on the same album from the new folder.
    expect(await track('Archive/revelation.ogg')).toMatchObject({ id: revelation.id, album_id: revelation.album_id });
    expect(scanned).toHaveLength(2);
    // A moved song is not announced as removed: queues keep it.
    expect(removals.at(-1)).toEqual([]);
  });

  it('re-reads a changed file, keeping its id', async () => {
    const before = (await track(FIXTURE.chimes))!;
    const abs = join(musicDir, FIXTURE.chimes);
    const tmp = abs + '.tmp.ogg';
    await execFileAsync('ffmpeg', ['-v', 'error', '-y', '-i', abs, '-map', '0:a', '-c', 'copy', '-map_metadata', '0:s:a:0', '-metadata:s:a:0', 'title=Chimes They Fade (Edit)', tmp]);
    await rename(tmp, abs);
    reads.length = 0;
    const r = await scanner.rescan();
    expect(reads).toEqual([FIXTURE.chimes]);
    expect(r).toMatchObject({ read: 1, moved: 0, removed: 0 });
    const after = (await track(FIXTURE.chimes))!;
    expect(after).toMatchObject({ id: before.id, title: 'Chimes They Fade (Edit)', album_id: before.album_id });
    expect(after.fingerprint).not.toBe(before.fingerprint);
  });

  it('retries a file that failed only once it changes, and gives a copy of a song its own id', async () => {
    reads.length = 0;
    await scanner.rescan();
    expect(reads).toEqual([]);
    await copyFile(join(musicDir, FIXTURE.echoOla), join(musicDir, FIXTURE.truncated));
    const r = await scanner.rescan();
    expect(reads).toEqual([FIXTURE.truncated]);
    expect(r).toMatchObject({ errors: 0, read: 1 });
    expect((await scanner.status()).errors).toBe(1);
    const copy = (await track(FIXTURE.truncated))!;
    expect(copy.fingerprint).toBe((await track(FIXTURE.echoOla))!.fingerprint);
    expect(copy.id).not.toBe((await track(FIXTURE.echoOla))!.id);
  });

  it('re-reads a folder whose cover image changed, and deletes the cover no longer used', async () => {
    const old = (await track(FIXTURE.echoOla))!.cover_id as string;
    await execFileAsync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=yellow:s=64x64', '-frames:v', '1', join(musicDir, FIXTURE.folderCover)]);
    reads.length = 0;
    await scanner.rescan();
    expect(reads.sort()).toEqual([FIXTURE.echoTeo, FIXTURE.echoOla].sort());
    const fresh = coverId(await readFile(join(musicDir, FIXTURE.folderCover)));
    expect((await track(FIXTURE.echoOla))!.cover_id).toBe(fresh);
    expect((await album(FIXTURE.echoOla))!.cover_id).toBe(fresh);
    expect(await q('select id from covers where id = $1', [old])).toEqual([]);
    expect(existsSync(join(dataDir, 'covers', old))).toBe(false);
  });

  it('deletes songs whose files are gone, with albums and artists left empty', async () => {
    const singularity = (await album(FIXTURE.marchThee))!.id;
    const gone = [(await track(FIXTURE.marchThee))!.id, (await track(FIXTURE.chimes))!.id].sort();
    await unlink(join(musicDir, FIXTURE.marchThee));
    await unlink(join(musicDir, FIXTURE.chimes));
    await unlink(join(musicDir, FIXTURE.playlist));
    const r = await scanner.rescan();
    expect(r).toMatchObject({ removed: 2, changed: true });
    expect(removals.at(-1)).toEqual(gone);
    expect(await track(FIXTURE.marchThee)).toBeUndefined();
    expect(await q('select id from albums where id = $1', [singularity])).toEqual([]);
    expect(await q("select id from artists where name = 'Maxstack'")).toEqual([]);
    expect(await q('select id from playlists')).toEqual([]);
    // Left: Harbour Lights, Night Drive, the Wesnoth OST, the copy's "Night Drive" by Ola Brandt in Broken/, Loose and Formats.
    // Good files, less the two deleted, plus the repaired copy.
    expect(await scanner.status()).toMatchObject({ tracks: FIXTURE_GOOD_AUDIO.length - 2 + 1, albums: 6, playlists: 0, errors: 1 });
  });

  it('removes a song whose file can no longer be read, and counts the error', async () => {
    const abs = join(musicDir, FIXTURE.defeat);
    const id = (await track(FIXTURE.defeat))!.id;
    await writeFile(abs, (await readFile(abs)).subarray(0, 3000));
    const r = await scanner.rescan();
    expect(r).toMatchObject({ read: 1, errors: 1, removed: 1, changed: true });
    expect(removals.at(-1)).toEqual([id]);
    expect(await track(FIXTURE.defeat)).toBeUndefined();
    expect(await q('select path from scan_errors where path = $1', [FIXTURE.defeat])).toHaveLength(1);
    await unlink(abs);
    await scanner.rescan();
    expect(await q('select path from scan_errors where path = $1', [FIXTURE.defeat])).toEqual([]);
  });

  it('refreshes album song counts when a song leaves', async () => {
    await unlink(join(musicDir, FIXTURE.harbourLights));
    await scanner.rescan();
    expect((await album(FIXTURE.paperLanterns))!.song_count).toBe(2);
  });

  it('removes nothing when the music folder is missing', async () => {
    const before = await snapshot();
    const away = musicDir + '-away';
    await rename(musicDir, away);
    try {
      const r = await scanner.rescan();
      expect(r).toMatchObject({ complete: false, removed: 0 });
      expect(await snapshot()).toEqual(before);
    } finally {
      await rename(away, musicDir);
    }
  });

  it('writes a new file dropped into the library', async () => {
    const target = join(musicDir, 'New/fresh.flac');
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(musicDir, FIXTURE.reprise), target);
    await writeFile(join(musicDir, 'New/ignored.txt'), 'x');
    const r = await scanner.rescan();
    expect(r).toMatchObject({ read: 1, changed: true });
    expect(await track('New/fresh.flac')).toMatchObject({ title: 'Paper Lanterns (Reprise)', cover_source: 'embedded' });
  });

  it('gives a disc folder without an image its album folder\'s cover', async () => {
    await mkdir(join(musicDir, 'Boxed/CD 2'), { recursive: true });
    await copyFile(join(musicDir, FIXTURE.echoOla), join(musicDir, 'Boxed/CD 2/01 Echo.flac'));
    await copyFile(join(musicDir, FIXTURE.folderCover), join(musicDir, 'Boxed/folder.jpg'));
    await scanner.rescan();
    const folder = coverId(await readFile(join(musicDir, 'Boxed/folder.jpg')));
    expect(await track('Boxed/CD 2/01 Echo.flac')).toMatchObject({ cover_id: folder, cover_source: 'folder' });
  });
});
