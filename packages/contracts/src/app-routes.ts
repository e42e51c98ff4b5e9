/**
 * The web app's addresses that the server reads too (it sends a shared
 * player link with its song's cover in the page): one reading for both.
 */

/** The song of a /player/{id} address, if it is one. */
export function playerSongId(path: string): string | null {
  const id = /^\/player\/([^/]+)\/?$/.exec(path)?.[1];
  if (!id) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    return null;
  }
}

/** The album or artist of an /album/{id} or /artist/{id} address, if it is one. */
export function catalogueEntityOf(path: string): { kind: 'album' | 'artist'; id: string } | null {
  const m = /^\/(album|artist)\/([^/]+)\/?$/.exec(path);
  if (!m) return null;
  try {
    return { kind: m[1] as 'album' | 'artist', id: decodeURIComponent(m[2]!) };
  } catch {
    return null;
  }
}

/** Library's lists of the whole collection, each with its own address (a genre's albums under its name). */
export const LIBRARY_LISTS = ['albums', 'artists', 'songs', 'genres'] as const;
export type LibraryList = (typeof LIBRARY_LISTS)[number];

const APP_ROUTES = [
  /^\/$/,
  /^\/(search|library|profile|favorites|radio|callback|recovery|verify)\/?$/,
  /^\/(player|album|playlist|artist|share|room)\/[^/]+\/?$/,
  /^\/library\/(albums|artists|songs|genres)\/?$/,
  /^\/library\/genres\/[^/]+\/?$/,
];

/** True for the app's own routes (SPEC#screens-routes); any other address is the app's 404 page. */
export const isAppRoute = (path: string): boolean => APP_ROUTES.some((r) => r.test(path));
