import { BITRATES_KBPS, type BitrateKbps } from '@lyra/contracts/ids';
import { MAX_COVER_PX, type AudioFormat } from '../catalogue/module.js';

/**
 * `maxBitRate` (kbps; 0 or absent = no limit) as one of the catalogue's audio
 * tiers: the best tier at or under the limit, the lowest one under 12 kbps.
 * The /media handler lowers it further to what the source is worth.
 */
export function tierFor(maxBitRate: number | null): BitrateKbps {
  if (maxBitRate == null || maxBitRate <= 0) return 320;
  return [...BITRATES_KBPS].reverse().find((t) => t <= maxBitRate) ?? BITRATES_KBPS[0];
}

/**
 * `format`: `raw` is the original file, `mp3` an MP3 tier; anything else (absent, `aac`, `m4a`, or a
 * format we do not make, such as `opus`) an AAC tier, which the answer's Content-Type says.
 */
export function formatFor(format: string | null): AudioFormat | 'raw' {
  const f = format?.toLowerCase();
  if (f === 'raw') return 'raw';
  if (f === 'mp3') return 'mp3';
  return 'aac';
}

/**
 * Whether a file plays as it is in browsers (Chromium, Firefox, Safari's `<audio>` for most) and in
 * Subsonic apps: MP3, AAC (in MP4 or ADTS), FLAC, Vorbis and Opus (in Ogg), and PCM in WAV. ALAC, WMA,
 * APE, WavPack and AIFF do not, and an unknown codec is not trusted.
 */
export function playsAsIs(codec: string | null, suffix: string): boolean {
  switch (codec) {
    case 'mp3':
      return suffix === 'mp3';
    case 'aac':
      return ['m4a', 'm4b', 'mp4', 'aac'].includes(suffix);
    case 'flac':
      return suffix === 'flac' || suffix === 'ogg' || suffix === 'oga';
    case 'vorbis':
    case 'opus':
      return ['ogg', 'oga', 'opus'].includes(suffix);
    case 'pcm':
      return suffix === 'wav';
    default:
      return false;
  }
}

/**
 * Whether `stream` sends the original file (with Range, so a browser seeks anywhere from the first play)
 * rather than a tier, as the Subsonic servers do when a client asks for nothing else: no `format` (or the
 * file's own suffix), no `maxBitRate` under the file's bitrate, and a file that plays as it is (playsAsIs).
 */
export function sendsOriginal(
  track: { suffix: string; codec: string | null; bitrate_kbps: number | null },
  format: string | null,
  maxBitRate: number | null,
): boolean {
  const { suffix } = track;
  if (format != null && format !== '' && format.toLowerCase() !== suffix) return false;
  if (maxBitRate != null && maxBitRate > 0 && (track.bitrate_kbps == null || track.bitrate_kbps > maxBitRate)) return false;
  return playsAsIs(track.codec, suffix);
}

/**
 * `size` (px) as the cover side to ask the catalogue for: the size asked, at most MAX_COVER_PX;
 * absent (or 0) is the largest, which the catalogue lowers to the original's side.
 */
export function coverSideFor(size: number | null): number {
  if (size == null || size <= 0) return MAX_COVER_PX;
  return Math.min(size, MAX_COVER_PX);
}

/**
 * `estimateContentLength`: the bytes of `seconds` of a tier streamed as it is encoded, a little over
 * what the encoder makes (measured on noise and music: AAC within 2% of its rate plus about 300 bytes a
 * second of fragment headers; MP3 at its rate, 12 kbps on average) so the body is padded, rarely cut.
 */
export function estimatedBytes(seconds: number, kbps: number, format: AudioFormat): number {
  const perSecond = format === 'mp3' ? kbps * 125 * 1.01 : kbps * 125 * 1.03 + 320;
  return Math.ceil(seconds * perSecond) + (format === 'mp3' ? 2048 : 4096);
}

const PAD_CHUNK = 64 * 1024;

/**
 * The start of `left` bytes of padding that readers skip: an MP4 `free` box, or an ID3v2 tag of
 * that size (MP3 decoders skip tags; bare zeros make them report invalid data). Null when too
 * short for either: then zeros.
 */
function paddingHead(left: number, format: AudioFormat): Uint8Array | null {
  if (format === 'aac' && left >= 8) {
    const head = new Uint8Array(Math.min(left, PAD_CHUNK));
    new DataView(head.buffer).setUint32(0, left);
    head.set([0x66, 0x72, 0x65, 0x65], 4); // 'free'
    return head;
  }
  if (format === 'mp3' && left >= 10) {
    const head = new Uint8Array(Math.min(left, PAD_CHUNK));
    const size = left - 10;
    // 'ID3', version 2.4.0, no flags, the size in 7-bit bytes; the rest is the tag's padding (zeros).
    head.set([0x49, 0x44, 0x33, 4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
    return head;
  }
  return null;
}

/**
 * `body` made exactly `length` bytes long, as the Content-Length sent before it: cut after them,
 * or padded to them at the end (paddingHead). An error of `body` is passed on (the transfer fails).
 */
export function exactLength(body: ReadableStream<Uint8Array>, length: number, format: AudioFormat): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let sent = 0;
  let padding = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const left = length - sent;
      if (!padding) {
        const { done, value } = await reader.read();
        if (!done) {
          const chunk = value.byteLength > left ? value.subarray(0, left) : value;
          sent += chunk.byteLength;
          controller.enqueue(chunk);
          if (sent >= length) {
            controller.close();
            await reader.cancel();
          }
          return;
        }
        padding = true;
        const head = paddingHead(left, format);
        if (head) {
          sent += head.byteLength;
          controller.enqueue(head);
          if (sent >= length) controller.close();
          return;
        }
      }
      if (left <= 0) return controller.close();
      const zeros = new Uint8Array(Math.min(left, PAD_CHUNK));
      sent += zeros.byteLength;
      controller.enqueue(zeros);
      if (sent >= length) controller.close();
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
