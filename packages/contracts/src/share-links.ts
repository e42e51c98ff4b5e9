/**
 * Public share links made in the web app (`/subsonic/shares`): the shapes the server's API and the web
 * app's Profile and dialog both speak. Types only.
 */

/** How long a new link lasts, or a date to come (ISO 8601) where a link takes one. */
export type ShareExpiry = 'never' | 'day' | 'week' | 'month';

export interface ShareLink {
  id: string;
  url: string;
  description: string | null;
  created: string;
  expires: string | null;
  maxBitRate: number | null;
  visitCount: number;
  /** What the link holds: its kind and name ('' when it is gone); `songCount` the songs it plays now. */
  what: { kind: 'song' | 'album' | 'playlist'; name: string; songCount: number };
  /** The sharer's sign-in ('' when the account is gone). */
  owner: string;
}

/** GET /subsonic/shares. */
export interface ShareLinks {
  /** Whether this listener may make links (SHARES=admins keeps it to administrators). */
  mayShare: boolean;
  shares: ShareLink[];
}

/** POST /subsonic/shares. */
export interface NewShareLink {
  id: string;
  /** A ShareExpiry, or a date to come (ISO 8601). */
  expires: string;
  maxBitRate: number | null;
  description?: string;
}
