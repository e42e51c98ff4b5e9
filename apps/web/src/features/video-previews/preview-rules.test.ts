import { describe, expect, it } from 'vitest';
import { makeSong } from '../../test/songs.js';
import { isPreviewSong, pickPreviewIds, PREVIEWS, toPreviewEntries } from './preview-rules.js';

const entry = (songId: string) => ({ id: `d-${songId}`, song_id: songId, aws_url: `/videos/${songId}.mp4`, audio_url: null });

/** A fixed sequence in [0, 1), so shuffles are reproducible. */
const seeded = (seed = 7) => () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

describe('Video Previews rules (SPEC#validation-video-preview-songs, SPEC#data-calls-video-previews-list, SPEC#limits-video-previews-list)', () => {
  it('reads preview documents, dropping those without a song id', () => {
    const docs = [
      { $id: 'd1', song_id: 's1', aws_url: '/v/1.mp4', audio_url: '/a/1.m4a' },
      { $id: 'd2', song_id: '', aws_url: '/v/2.mp4' },
      { $id: 'd3', song_id: 'null', aws_url: '/v/3.mp4' },
      { $id: 'd4', aws_url: '/v/4.mp4' },
      null,
      { id: 'd5', song_id: ' s5 ', aws_url: '/v/5.mp4' },
    ];
    expect(toPreviewEntries(docs)).toEqual([
      { id: 'd1', song_id: 's1', aws_url: '/v/1.mp4', audio_url: '/a/1.m4a' },
      { id: 'd5', song_id: 's5', aws_url: '/v/5.mp4', audio_url: null },
    ]);
  });

  it('picks up to 20 distinct random ids with the featured song first', () => {
    const previews = Array.from({ length: 40 }, (_, i) => entry(`s${i}`));
    const ids = pickPreviewIds([...previews, entry('s3')], 's7', seeded());
    expect(ids).toHaveLength(PREVIEWS.MAX_IDS);
    expect(ids[0]).toBe('s7');
    expect(new Set(ids).size).toBe(20);
    expect(ids.every((id) => /^s\d+$/.test(id))).toBe(true);
    // Random: another seed gives another order.
    expect(pickPreviewIds(previews, null, seeded(99))).not.toEqual(pickPreviewIds(previews, null, seeded()));
  });

  it('puts the featured song first even when it has no preview document, and works without one', () => {
    expect(pickPreviewIds([entry('a')], 'feat', seeded())).toEqual(['feat', 'a']);
    expect(pickPreviewIds([entry('a'), entry('b')], null, () => 0).sort()).toEqual(['a', 'b']);
    expect(pickPreviewIds([], '  ', seeded())).toEqual([]);
  });

  it('keeps only songs with an id, a name and a large image url', () => {
    expect(isPreviewSong(makeSong(1))).toBe(true);
    expect(isPreviewSong(makeSong(2, { name: '' }))).toBe(false);
    expect(isPreviewSong({ ...makeSong(3), id: '' })).toBe(false);
    expect(isPreviewSong(makeSong(4, { image: [makeSong(4).image[0]!] }))).toBe(false);
    expect(isPreviewSong(makeSong(5, { image: [] }))).toBe(false);
    expect(isPreviewSong(null)).toBe(false);
  });
});
