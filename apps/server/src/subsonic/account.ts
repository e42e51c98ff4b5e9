import { catalogueIds, selectLyrics, selectSongWithLyrics } from '../catalogue/module.js';
import type { Methods } from './call.js';
import { invalid, missing, notFound } from './errors.js';
import { selectSongs } from './library-songs.sql.js';
import { MAX_INT } from './params.js';
import { songChild } from './shapes.js';

const MAX_QUEUE = 5000;

/** The play queue the caller saved, and lyrics (getUser is users.ts's). */
export const accountMethods: Methods = {
  /** The queue as the songs `id` (in order), `current` and `position` (ms); no `id` clears it. */
  async savePlayQueue({ params, caller, db, playQueues }) {
    const ids = params.list('id');
    if (ids.length === 0) {
      await playQueues.clear(caller.userId);
      return {};
    }
    if (ids.length > MAX_QUEUE) throw invalid('id', `at most ${MAX_QUEUE} songs`);
    const known = await catalogueIds(db, 'song', ids);
    if (ids.some((id) => !known.has(id))) throw notFound('Song');
    const current = params.get('current') || null;
    if (current != null && !known.has(current)) throw invalid('current', 'not a song of the queue');
    await playQueues.save(caller.userId, {
      songIds: ids,
      currentId: current,
      positionMs: params.int('position', 0, 0, MAX_INT),
      changedBy: params.get('c') ?? '',
    });
    return {};
  },

  /** What the listener plays, wherever: a queue the web app plays on a device has its position moving on. */
  async getPlayQueue({ caller, db, playQueues }) {
    const saved = await playQueues.get(caller.userId);
    if (!saved) return { playQueue: { username: caller.username, changed: new Date(0).toISOString(), changedBy: '' } };
    const songs = await selectSongs(db, saved.songIds, caller.userId);
    return {
      playQueue: {
        current: saved.currentId ?? undefined,
        position: saved.currentId ? saved.positionMs : undefined,
        username: caller.username,
        changed: saved.changedAt.toISOString(),
        changedBy: saved.changedBy,
        entry: songs.map(songChild),
      },
    };
  },

  /** The catalogue's lyrics (tags or sidecar files) as structured lyrics (`songLyrics` extension). */
  async getLyricsBySongId({ params, caller, db }) {
    const [song] = await selectSongs(db, [params.required('id')], caller.userId);
    if (!song) throw notFound('Song');
    const lyrics = await selectLyrics(db, song.id);
    if (!lyrics) return { lyricsList: { structuredLyrics: [] } };
    const displayArtist = song.artists.map((a) => a.name).join(', ') || undefined;
    return {
      lyricsList: {
        structuredLyrics: [
          {
            displayArtist,
            displayTitle: song.title,
            lang: lyrics.lang ?? 'xxx',
            synced: lyrics.synced,
            offset: 0,
            line: lyrics.lines.map((l) => (lyrics.synced ? { start: l.startMs ?? 0, value: l.text } : { value: l.text })),
          },
        ],
      },
    };
  },

  /** The plain lyrics of the first song with this title (and artist, when given). */
  async getLyrics({ params, caller, db }) {
    const title = params.get('title')?.trim() ?? '';
    const artist = params.get('artist')?.trim() ?? '';
    if (!title && !artist) throw missing('title');
    const id = await selectSongWithLyrics(db, title, artist);
    const [song] = id ? await selectSongs(db, [id], caller.userId) : [];
    const lyrics = song ? await selectLyrics(db, song.id) : null;
    if (!song || !lyrics) return { lyrics: { value: '' } };
    return {
      lyrics: {
        artist: song.artists.map((a) => a.name).join(', ') || undefined,
        title: song.title,
        value: lyrics.lines.map((l) => l.text).join('\n'),
      },
    };
  },
};
