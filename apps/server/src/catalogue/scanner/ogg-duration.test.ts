import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { parseFile } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { DEMO_MUSIC_DIR } from '../test/fixtures.js';
import { oggDurationS } from './ogg-duration.js';
import { EDGE_BYTES } from './read-audio.js';

async function edges(path: string) {
  const fh = await open(path);
  try {
    const { size } = await fh.stat();
    const head = Buffer.alloc(Math.min(EDGE_BYTES, size));
    await fh.read(head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(EDGE_BYTES, size));
    await fh.read(tail, 0, tail.length, size - tail.length);
    return { head, tail };
  } finally {
    await fh.close();
  }
}

describe('oggDurationS', () => {
  // Real demo files at 44.1 and 48 kHz, checked against a full decode by music-metadata.
  it.each(['wesnoth-1.16-music/victory.ogg', 'wesnoth-1.16-music/elf-land.ogg', 'singularity-music/March Thee to Dis.ogg'])(
    'measures %s from its head and tail as a full read does',
    async (rel) => {
      const path = join(DEMO_MUSIC_DIR, rel);
      const { head, tail } = await edges(path);
      const full = (await parseFile(path, { duration: true })).format.duration!;
      expect(oggDurationS(head, tail)).toBeCloseTo(full, 2);
    },
  );

  it('subtracts the Opus pre-skip and counts at 48 kHz (RFC 7845 §4)', () => {
    const head = page(0n, 7, Buffer.concat([Buffer.from('OpusHead'), Buffer.from([1, 2]), u16(312), u32(44_100), u16(0), Buffer.from([0])]));
    const tail = Buffer.concat([Buffer.from('junk'), page(BigInt(48_000 * 3 + 312), 7, Buffer.alloc(10))]);
    expect(oggDurationS(head, tail)).toBe(3);
  });

  it('ignores pages of other streams and pages where no packet ends', () => {
    const head = page(0n, 1, vorbisId(8_000));
    const tail = Buffer.concat([page(8_000n * 2n, 1, Buffer.alloc(5)), page(-1n, 1, Buffer.alloc(5)), page(999_999n, 2, Buffer.alloc(5))]);
    expect(oggDurationS(head, tail)).toBe(2);
  });

  it('gives null for bytes that are not a Vorbis or Opus stream', () => {
    expect(oggDurationS(Buffer.from('not an ogg file at all, just text'), Buffer.alloc(0))).toBeNull();
    expect(oggDurationS(page(0n, 1, Buffer.from('\x7fFLAC......................')), page(100n, 1, Buffer.alloc(1)))).toBeNull();
    expect(oggDurationS(page(0n, 1, vorbisId(44_100)), Buffer.from('no pages here'))).toBeNull();
  });
});

const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const vorbisId = (rate: number) =>
  Buffer.concat([Buffer.from([1]), Buffer.from('vorbis'), u32(0), Buffer.from([2]), u32(rate), Buffer.alloc(16)]);

/** One Ogg page (RFC 3533 §6) carrying one packet. */
function page(granule: bigint, serial: number, packet: Buffer): Buffer {
  const header = Buffer.alloc(28);
  header.write('OggS', 0, 'latin1');
  header[4] = 0;
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(serial, 14);
  header[26] = 1;
  header[27] = packet.length;
  return Buffer.concat([header, packet]);
}
