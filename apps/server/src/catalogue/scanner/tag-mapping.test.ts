import type { ICommonTagsResult, IFormat } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { mapFormat, mapTags, undecodableReason } from './tag-mapping.js';

const common = (over: Partial<ICommonTagsResult>): ICommonTagsResult => ({
  track: { no: null, of: null },
  disk: { no: null, of: null },
  movementIndex: { no: null, of: null },
  ...over,
});
const format = (over: Partial<IFormat>): IFormat => ({ trackInfo: [], tagTypes: [], ...over });

describe('mapTags', () => {
  it('maps the tags the catalogue keeps', () => {
    const t = mapTags(
      common({
        title: ' Paper  Lanterns ', artist: 'Mira Solen feat. Teo Vance', artists: ['Mira Solen feat. Teo Vance'],
        album: 'Harbour Lights', albumartist: 'Mira Solen', track: { no: 1, of: 2 }, disk: { no: 2, of: 2 },
        date: '2021-06-18', year: 2021, genre: ['Ambient'], language: 'eng', label: ['Northwind Records'],
        copyright: '℗ 2021 Northwind Records', composer: ['Ola Brandt'],
      }),
      {},
      'x.mp3',
    );
    expect(t).toEqual({
      title: 'Paper Lanterns',
      credits: [
        { name: 'Mira Solen', role: 'primary' },
        { name: 'Teo Vance', role: 'featured' },
        { name: 'Ola Brandt', role: 'composer' },
      ],
      artistTag: 'Mira Solen',
      album: 'Harbour Lights',
      albumArtist: 'Mira Solen',
      compilation: false,
      trackNo: 1,
      discNo: 2,
      year: 2021,
      releaseDate: '2021-06-18',
      genre: 'Ambient',
      language: 'english',
      label: 'Northwind Records',
      copyright: '℗ 2021 Northwind Records',
      explicit: false,
      explicitStatus: '',
      bpm: null,
      comment: null,
      musicBrainzTrackId: null,
      musicBrainzAlbumId: null,
      isrc: [],
      moods: [],
      releaseTypes: [],
      originalDate: null,
    });
  });

  it('keeps the tags Subsonic apps show: BPM, comment, MusicBrainz ids, ISRCs, moods, release types, original date', () => {
    const t = mapTags(
      common({
        bpm: 121.6, comment: [{ descriptor: 'iTunNORM', text: ' 0000 0001' }, { text: ' Recorded live ' }],
        musicbrainz_recordingid: 'b1a9c0e9-d987-4042-ae91-78d6a3267d69', musicbrainz_albumid: '1d7f1b0c-2c2a-4c3e-9b6f-6f1b1e0a5c11',
        isrc: ['USSM18300073', 'USSM18300073', 'DELV42300297'], mood: 'Calm; Dreamy', releasetype: ['album/Compilation', 'compilation'],
        originaldate: '1987-03',
      }),
      {},
      'a.flac',
    );
    expect(t).toMatchObject({
      bpm: 122,
      comment: 'Recorded live',
      musicBrainzTrackId: 'b1a9c0e9-d987-4042-ae91-78d6a3267d69',
      musicBrainzAlbumId: '1d7f1b0c-2c2a-4c3e-9b6f-6f1b1e0a5c11',
      isrc: ['USSM18300073', 'DELV42300297'],
      moods: ['Calm', 'Dreamy'],
      releaseTypes: ['album', 'Compilation'],
      originalDate: '1987-03',
    });
    expect(mapTags(common({ originalyear: 1987, bpm: 0 }), {}, 'a.mp3')).toMatchObject({ originalDate: '1987', bpm: null });
    expect(mapTags(common({ originaldate: 'someday' }), {}, 'a.mp3').originalDate).toBeNull();
  });

  it('titles an untagged file from its name and leaves the rest empty', () => {
    const t = mapTags(common({}), {}, '03_an_untagged_song.mp3');
    expect(t).toMatchObject({ title: 'An Untagged Song', credits: [], artistTag: '', album: null, albumArtist: null, language: '' });
  });

  it('replaces a title that is a file name or URL', () => {
    expect(mapTags(common({ title: 'track_01.mp3' }), {}, 'a.mp3').title).toBe('Track 01');
    expect(mapTags(common({ title: 'http://example.com' }), {}, 'my_song.mp3').title).toBe('My Song');
  });

  it('drops implausible numbers and control characters', () => {
    const t = mapTags(common({ title: 'A\u0000B', track: { no: 0, of: null }, disk: { no: -1, of: null }, year: 20 }), {}, 'a.mp3');
    expect(t).toMatchObject({ title: 'A B', trackNo: null, discNo: null, year: null });
    expect(mapTags(common({ date: '1999' }), {}, 'a.mp3')).toMatchObject({ year: 1999, releaseDate: null });
  });

  it('reads compilations and the iTunes explicit advisory', () => {
    expect(mapTags(common({ compilation: true }), {}, 'a.mp3').albumArtist).toBe('Various Artists');
    expect(mapTags(common({}), { iTunes: [{ id: 'rtng', value: 1 }] }, 'a.m4a').explicit).toBe(true);
    expect(mapTags(common({}), { iTunes: [{ id: 'rtng', value: 2 }] }, 'a.m4a')).toMatchObject({ explicit: false, explicitStatus: 'clean' });
    expect(mapTags(common({}), { iTunes: [{ id: 'rtng', value: 4 }] }, 'a.m4a').explicitStatus).toBe('explicit');
    expect(mapTags(common({}), { vorbis: [{ id: 'ITUNESADVISORY', value: '1' }] }, 'a.ogg').explicit).toBe(true);
  });
});

describe('mapFormat', () => {
  it('names codecs and containers in short lower case', () => {
    const cases: [Partial<IFormat>, string, string][] = [
      [{ codec: 'MPEG 1 Layer 3', container: 'MPEG' }, 'mp3', 'mp3'],
      [{ codec: 'MPEG-4/AAC', container: 'M4A/isom/iso2' }, 'aac', 'mp4'],
      [{ codec: 'ALAC', container: 'M4A/mp42/isom' }, 'alac', 'mp4'],
      [{ codec: 'FLAC', container: 'FLAC' }, 'flac', 'flac'],
      [{ codec: 'Vorbis I', container: 'Ogg' }, 'vorbis', 'ogg'],
      [{ codec: 'Opus', container: 'Ogg' }, 'opus', 'ogg'],
      [{ codec: 'PCM', container: 'WAVE' }, 'pcm', 'wav'],
    ];
    for (const [f, codec, container] of cases) expect(mapFormat(format(f), 1000, 1)).toMatchObject({ codec, container });
  });

  it('takes the declared bitrate, else the average over the file', () => {
    expect(mapFormat(format({ bitrate: 128_000, duration: 10 }), 999, null).bitrateKbps).toBe(128);
    expect(mapFormat(format({ sampleRate: 44_100, numberOfChannels: 2 }), 200_000, 10)).toMatchObject({
      bitrateKbps: 160, sampleRate: 44_100, channels: 2, durationS: 10,
    });
    expect(mapFormat(format({}), 200_000, null)).toMatchObject({ bitrateKbps: null, durationS: null });
  });

  it('keeps the bit depth of lossless streams', () => {
    expect(mapFormat(format({ codec: 'FLAC', bitsPerSample: 24 }), 1000, 1).bitDepth).toBe(24);
    expect(mapFormat(format({ codec: 'MPEG 1 Layer 3' }), 1000, 1).bitDepth).toBeNull();
  });
});

describe('undecodableReason', () => {
  const ok = mapFormat(format({ codec: 'FLAC', sampleRate: 44_100, duration: 8 }), 1_000_000);
  it('accepts a stream with a codec, a rate and a plausible duration', () => {
    expect(undecodableReason(ok, 1_000_000)).toBeNull();
  });
  it('names what is missing', () => {
    expect(undecodableReason(mapFormat(format({}), 10), 10)).toBe('no audio stream found');
    expect(undecodableReason(mapFormat(format({ codec: 'MPEG 2 Layer 3', sampleRate: 24_000 }), 10), 10)).toBe(
      'no decodable audio frames found',
    );
    expect(undecodableReason(ok, 200)).toBe('truncated: 200 bytes cannot hold 8.0 s of audio');
  });
});
