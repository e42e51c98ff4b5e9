import { AppwriteError, serverQuery as q, type DocumentModel, type RawQuery, type UserDocuments } from '../backend/module.js';
import type { Call } from './call.js';
import { CODE, SubsonicError } from './errors.js';

/**
 * The caller's backend documents (Favorite, Playlist, PlaylistSong, History),
 * written through the backend's own service; its refusals become protocol
 * errors: not found 70, not allowed 50, anything else 0 with its message.
 */
export async function documentsOf(call: Call): Promise<UserDocuments> {
  const docs = await call.documents.as(call.caller.userId);
  if (!docs) throw new SubsonicError(CODE.wrongCredentials, 'Unknown or blocked account');
  return docs;
}

export function protocolError(e: unknown): unknown {
  if (!(e instanceof AppwriteError)) return e;
  if (e.code === 404) return new SubsonicError(CODE.notFound, e.message);
  if (e.code === 401 || e.code === 403) return new SubsonicError(CODE.notAuthorized, e.message);
  return new SubsonicError(CODE.generic, e.message);
}

/** Runs a document operation, answering its failure in the protocol's terms. */
export async function inProtocol<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    throw protocolError(e);
  }
}

/** True for the backend's 409 (a favourite or playlist song already there). */
export const isConflict = (e: unknown): boolean => e instanceof AppwriteError && e.code === 409;

/** The backend's bounds: values of one `equal`, documents of one page. */
const VALUES_PER_QUERY = 100;
const PAGE = 5000;
const MAX_PAGES = 20;

/**
 * Every readable document whose `attribute` is one of `values` (all of them
 * when `values` is null), in `order`: the values in batches and the results
 * page by page, within the backend's query bounds.
 */
export async function listAll(
  docs: UserDocuments,
  collectionId: string,
  attribute: string,
  values: readonly string[] | null,
  order: RawQuery[] = [q.orderAsc('$sequence')],
): Promise<DocumentModel[]> {
  const batches: (readonly string[] | null)[] = [];
  if (values == null) batches.push(null);
  else for (let i = 0; i < values.length; i += VALUES_PER_QUERY) batches.push(values.slice(i, i + VALUES_PER_QUERY));
  const out: DocumentModel[] = [];
  for (const batch of batches) {
    const filter = batch == null ? [] : [q.equal(attribute, batch)];
    for (let page = 0; page < MAX_PAGES; page++) {
      const found = await inProtocol(docs.list(collectionId, [...filter, ...order, q.limit(PAGE), q.offset(page * PAGE)]));
      out.push(...found);
      if (found.length < PAGE) break;
    }
  }
  return out;
}
