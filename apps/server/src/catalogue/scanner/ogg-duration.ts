/**
 * Ogg duration from the file's head and tail bytes, without reading the rest
 * (music-metadata reads the whole file for it; tooling-notes.md §1).
 *
 * RFC 3533 §6: every page starts with "OggS", version 0, and carries the
 * granule position of its last completed packet (int64 LE at byte 6) and the
 * stream serial (byte 14). For Vorbis the granule counts samples at the
 * stream's rate (identification header, Vorbis I spec §4.2.2); for Opus it
 * counts 48 kHz samples including the pre-skip (RFC 7845 §4).
 */
const CAPTURE = Buffer.from('OggS');

interface StreamHead {
  serial: number;
  rate: number;
  preSkip: number;
}

function readHead(head: Buffer): StreamHead | null {
  if (head.length < 28 || !head.subarray(0, 4).equals(CAPTURE) || head[4] !== 0) return null;
  const serial = head.readUInt32LE(14);
  const segments = head[26]!;
  const packet = 27 + segments;
  // The shortest identification header is OpusHead's 19 bytes (RFC 7845 §5.1).
  if (head.length < packet + 19) return null;
  if (head[packet] === 0x01 && head.toString('latin1', packet + 1, packet + 7) === 'vorbis' && head.length >= packet + 16) {
    return { serial, rate: head.readUInt32LE(packet + 12), preSkip: 0 };
  }
  if (head.toString('latin1', packet, packet + 8) === 'OpusHead') {
    return { serial, rate: 48_000, preSkip: head.readUInt16LE(packet + 10) };
  }
  return null;
}

/** The last page's granule position of `serial` in `tail`, or null. */
function lastGranule(tail: Buffer, serial: number): bigint | null {
  for (let i = tail.lastIndexOf(CAPTURE); i >= 0; i = i > 0 ? tail.lastIndexOf(CAPTURE, i - 1) : -1) {
    if (i + 27 > tail.length || tail[i + 4] !== 0 || tail.readUInt32LE(i + 14) !== serial) continue;
    const granule = tail.readBigInt64LE(i + 6);
    // -1: no packet finishes on this page.
    if (granule >= 0n) return granule;
  }
  return null;
}

/** Seconds, or null when the bytes are not a Vorbis or Opus stream we can measure. */
export function oggDurationS(head: Buffer, tail: Buffer): number | null {
  const stream = readHead(head);
  if (!stream || stream.rate <= 0) return null;
  const granule = lastGranule(tail, stream.serial);
  if (granule === null) return null;
  const samples = Number(granule) - stream.preSkip;
  return samples > 0 ? samples / stream.rate : null;
}
