import { readFile, writeFile } from 'node:fs/promises';

/** Ogg's page checksum: CRC-32, polynomial 0x04c11db7, not reflected, starting at 0 (RFC 3533 §6). */
const CRC_TABLE = Array.from({ length: 256 }, (_, i) => {
  let r = i << 24;
  for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});
const oggCrc = (page: Uint8Array) => page.reduce((c, byte) => ((c << 8) ^ CRC_TABLE[((c >>> 24) ^ byte) & 0xff]!) >>> 0, 0);

/**
 * Sets the output gain of an Ogg Opus file (RFC 7845 §5.1: Q7.8 dB, 16 bits
 * little-endian at byte 16 of the ID header, alone on the first page) and
 * seals the page's checksum again, as a loudness tool that writes the header
 * gain does. ffmpeg's encoder always writes 0.
 */
export async function setOpusOutputGain(file: string, q78: number): Promise<void> {
  const bytes = await readFile(file);
  const segments = bytes[26]!;
  const headerLength = 27 + segments;
  const pageLength = headerLength + [...bytes.subarray(27, headerLength)].reduce((a, b) => a + b, 0);
  if (bytes.toString('latin1', 0, 4) !== 'OggS' || bytes.toString('latin1', headerLength, headerLength + 8) !== 'OpusHead') {
    throw new Error(`${file} does not start with an Opus ID header`);
  }
  bytes.writeInt16LE(q78, headerLength + 16);
  bytes.writeUInt32LE(0, 22);
  bytes.writeUInt32LE(oggCrc(bytes.subarray(0, pageLength)), 22);
  await writeFile(file, bytes);
}
