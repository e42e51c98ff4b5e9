import type { PlayQueues, ServerDocuments } from '../backend/module.js';
import type { Db } from '../db/db.js';
import type { AlbumShelf } from './album-shelf.js';
import type { Caller } from './authenticate.js';
import type { MusicFolder } from './music-folders.js';
import type { Params } from './params.js';
import type { XmlObject } from './xml.js';

/** One authenticated request to a method. */
export interface Call {
  params: Params;
  caller: Caller;
  /** The catalogue as the caller may see it: their libraries, or the one musicFolderId names (music-folders.ts). */
  db: Db;
  /** The libraries the caller may see, as music folders (getMusicFolders). */
  musicFolders: MusicFolder[];
  /** The albums in memory, for album lists (album-shelf.ts). */
  albums: AlbumShelf;
  /** The backend's documents (favourites, playlists, history), written as the caller. */
  documents: ServerDocuments;
  /** The listener's play queue: the same state the web app's devices play (savePlayQueue, getPlayQueue). */
  playQueues: PlayQueues;
  now: () => number;
  /** The original request (headers such as Range, and the abort signal). */
  req: Request;
  /** The server's origin for absolute URLs in answers: PUBLIC_URL, else the request's. */
  base: string;
}

/** A payload for the envelope, or a response of its own (audio, images). */
export type Outcome = XmlObject | Response;

export type Handler = (call: Call) => Promise<Outcome> | Outcome;

export type Methods = Record<string, Handler>;
