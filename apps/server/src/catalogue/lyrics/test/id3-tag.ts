/**
 * ID3v2 tags written byte by byte, for frames ffmpeg cannot write (it has no
 * USLT or SYLT writer: `-metadata lyrics=` becomes a TXXX frame). Text is
 * UTF-16 with a byte-order mark in ID3v2.3 (encoding 1) and UTF-8 in ID3v2.4
 * (encoding 3). Prepend the tag to an MP3 that has none:
 *
 *   await writeFile(file, Buffer.concat([id3v2Tag(4, [textFrame('TIT2', 'Song'), usltFrame('eng', 'la la')]), mp3]));
 */
export type Id3Version = 3 | 4;

export interface Id3Frame {
  id: string;
  body: (version: Id3Version) => Buffer;
}

const ENCODING: Record<Id3Version, number> = { 3: 1, 4: 3 };

function encoded(text: string, version: Id3Version, terminated = false): Buffer {
  const bytes = version === 3 ? Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]) : Buffer.from(text, 'utf8');
  return terminated ? Buffer.concat([bytes, Buffer.alloc(version === 3 ? 2 : 1)]) : bytes;
}

/** 28 bits, 7 to a byte: the tag size (and ID3v2.4 frame sizes). */
const syncsafe = (n: number) => Buffer.from([(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f]);
const uint32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** A text frame: TIT2 (title), TPE1 (artist), TALB (album)... */
export const textFrame = (id: string, value: string): Id3Frame => ({
  id,
  body: (v) => Buffer.concat([Buffer.from([ENCODING[v]]), encoded(value, v)]),
});

/** USLT: encoding, language, descriptor, then the lyrics (ID3v2.4 native frames §4.8). */
export const usltFrame = (language: string, lyrics: string, descriptor = ''): Id3Frame => ({
  id: 'USLT',
  body: (v) => Buffer.concat([Buffer.from([ENCODING[v]]), Buffer.from(language, 'latin1'), encoded(descriptor, v, true), encoded(lyrics, v)]),
});

/**
 * SYLT: encoding, language, time stamp format (1 = MPEG frames, 2 =
 * milliseconds), content type (1 = lyrics), descriptor, then each entry's
 * text and its 32-bit time stamp (ID3v2.4 native frames §4.9).
 */
export const syltFrame = (
  language: string,
  entries: readonly (readonly [text: string, stamp: number])[],
  { timeStampFormat = 2, contentType = 1, descriptor = '' } = {},
): Id3Frame => ({
  id: 'SYLT',
  body: (v) =>
    Buffer.concat([
      Buffer.from([ENCODING[v]]),
      Buffer.from(language, 'latin1'),
      Buffer.from([timeStampFormat, contentType]),
      encoded(descriptor, v, true),
      ...entries.flatMap(([text, stamp]) => [encoded(text, v, true), uint32(stamp)]),
    ]),
});

/** The whole tag: header (no flags) and frames. */
export function id3v2Tag(version: Id3Version, frames: readonly Id3Frame[]): Buffer {
  const body = Buffer.concat(
    frames.map((f) => {
      const data = f.body(version);
      return Buffer.concat([Buffer.from(f.id, 'latin1'), version === 3 ? uint32(data.length) : syncsafe(data.length), Buffer.alloc(2), data]);
    }),
  );
  return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([version, 0, 0]), syncsafe(body.length), body]);
}
