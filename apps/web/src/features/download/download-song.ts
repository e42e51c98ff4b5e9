import type { Song } from '@lyra/contracts/catalogue';
import { decodeEntities } from '../../shared/lib/song-view.js';

/** SPEC#entities-song, SPEC#other-calls-song-download: downloads use the fifth download address (index 4, the 320 kbps tier). */
export const DOWNLOAD_INDEX = 4;

/**
 * The address to download: the fifth downloadUrl entry (or the best one a
 * shorter list has); https is forced only when the page itself is https
 * (DESIGN §8), so a plain-http self-hosted server still works.
 */
export function downloadAddress(song: Pick<Song, 'downloadUrl'>, pageProtocol: string): string | null {
  const list = Array.isArray(song.downloadUrl) ? song.downloadUrl : [];
  const entry = (list[DOWNLOAD_INDEX] ?? list[list.length - 1]) as { url?: string; link?: string } | undefined;
  const raw = entry?.url || entry?.link;
  if (!raw) return null;
  return pageProtocol === 'https:' ? raw.replace(/^http:\/\//i, 'https://') : raw;
}

const EXTENSIONS: Record<string, string> = {
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/flac': 'flac',
  'audio/wav': 'wav',
};

/** SPEC#other-calls-song-download: the file is named after the song (or 'download'), with the extension of its type. */
export function downloadFileName(song: Pick<Song, 'name'>, mimeType: string): string {
  const base = decodeEntities(song.name ?? '').replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120) || 'download';
  const ext = EXTENSIONS[mimeType.split(';')[0]!.trim().toLowerCase()];
  return ext ? `${base}.${ext}` : base;
}

export interface DownloadDeps {
  fetch: typeof fetch;
  pageProtocol: string;
  /** Hands the file to the browser (an <a download> click in the page). */
  save(blob: Blob, fileName: string): void;
}

/** Fetches the song as a blob and saves it. Failures are only logged (SPEC#errors-download); false then. */
export async function downloadSong(song: Song, deps: DownloadDeps): Promise<boolean> {
  const url = downloadAddress(song, deps.pageProtocol);
  try {
    if (!url) throw new Error('The song has no download address');
    const res = await deps.fetch(url);
    if (!res.ok) throw new Error(`Download answered ${res.status}`);
    const blob = await res.blob();
    deps.save(blob, downloadFileName(song, blob.type || res.headers.get('content-type') || ''));
    return true;
  } catch (e) {
    console.error('Song download failed:', e instanceof Error ? e.message : e);
    return false;
  }
}

/** Saves a blob through a temporary link, as browsers do for a download. */
export function saveWithLink(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
