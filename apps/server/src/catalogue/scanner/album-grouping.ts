import { albumKey, artistKey, groupKey } from '../ids.js';
import { VARIOUS_ARTISTS } from './artist-credits.js';
import { albumFromFolder } from './folder-album.js';

/**
 * Which album each track belongs to: the album name plus the album artist.
 *
 * The album artist is the ALBUMARTIST tag (or 'Various Artists' for a tagged
 * compilation). Without one, tracks of the same album name in the same folder
 * decide together: they take the album artist tagged on their folder-mates if
 * those agree (a soundtrack where a few files lack the tag), else the track
 * artist when every track has the same one, else 'Various Artists'. Deciding
 * per folder keeps two artists' "Greatest Hits" apart, while CD1/CD2 folders
 * of one artist still meet under the same (name, artist) key.
 *
 * A file without an ALBUM tag joins its folder's album when the folder's
 * tagged files name exactly one; in a folder where no file names one, the
 * folder's name is the album (folder-album.ts), so an untagged folder still
 * reads as an album. Otherwise (a folder of several albums, the library's
 * top folder) it has none.
 */
export interface GroupingRow {
  id: string;
  dir: string;
  album_tag: string | null;
  album_artist_tag: string | null;
  artist_tag: string;
  compilation: boolean;
}

export interface AlbumRef {
  key: string;
  name: string;
  /** null: nobody is credited (files with an album but no artist tags). */
  artist: string | null;
}

export function assignAlbums(rows: readonly GroupingRow[]): Map<string, AlbumRef | null> {
  const out = new Map<string, AlbumRef | null>();
  const folders = new Map<string, (GroupingRow & { album_tag: string })[]>();
  const folderAlbum = folderAlbums(rows);
  for (const row of rows) {
    const album = row.album_tag ?? folderAlbum.get(row.dir) ?? null;
    if (!album) {
      out.set(row.id, null);
      continue;
    }
    const key = row.dir + '\0' + groupKey(album);
    const list = folders.get(key);
    if (list) list.push({ ...row, album_tag: album });
    else folders.set(key, [{ ...row, album_tag: album }]);
  }
  for (const group of folders.values()) {
    const fallback = fallbackArtist(group);
    for (const row of group) {
      const artist = row.album_artist_tag ?? (row.compilation ? VARIOUS_ARTISTS : fallback);
      out.set(row.id, { key: albumKey(row.album_tag, artist), name: row.album_tag, artist });
    }
  }
  return out;
}

/** For each folder holding a file without an ALBUM tag: the album those files take, or null. */
function folderAlbums(rows: readonly GroupingRow[]): Map<string, string | null> {
  const tagged = new Map<string, Map<string, string>>();
  for (const row of rows) {
    if (!tagged.has(row.dir)) tagged.set(row.dir, new Map());
    if (row.album_tag) tagged.get(row.dir)!.set(groupKey(row.album_tag), row.album_tag);
  }
  const out = new Map<string, string | null>();
  for (const [dir, albums] of tagged) {
    if (albums.size === 1) out.set(dir, [...albums.values()][0]!);
    else out.set(dir, albums.size === 0 ? albumFromFolder(dir) : null);
  }
  return out;
}

/** The album artist for the group's tracks that have no ALBUMARTIST tag. */
function fallbackArtist(group: readonly GroupingRow[]): string | null {
  const tagged = distinct(group.map((r) => r.album_artist_tag));
  if (tagged.length === 1) return tagged[0]!;
  const artists = distinct(group.filter((r) => !r.album_artist_tag).map((r) => r.artist_tag));
  if (artists.length === 0) return null;
  return artists.length === 1 ? artists[0]! : VARIOUS_ARTISTS;
}

/** Non-empty names, one spelling per artist key, in order of appearance. */
function distinct(names: readonly (string | null)[]): string[] {
  const seen = new Map<string, string>();
  for (const n of names) if (n && !seen.has(artistKey(n))) seen.set(artistKey(n), n);
  return [...seen.values()];
}
