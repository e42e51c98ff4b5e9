import { AppwriteError } from '../../http/errors.js';
import { documentAllows, unauthorized } from '../../permissions/authorization.js';
import type { Collection } from '../../schema/appwrite-schema.js';
import { deleteDocumentsWhere, findDocument } from '../document-store.js';
import type { CollectionRules, RuleContext } from './collection-rules.js';

function collection(ctx: RuleContext, id: string): Collection {
  const c = ctx.schema.collection(ctx.collection.databaseId, id);
  if (!c) throw new Error(`rules name collection ${id}, which appwrite.json does not declare`);
  return c;
}

/** Only someone who may update a playlist may put songs into it. */
async function requirePlaylistEditor(ctx: RuleContext, playlistsId: string, playlistId: unknown): Promise<void> {
  const playlists = collection(ctx, playlistsId);
  const row = typeof playlistId === 'string' ? await findDocument(ctx.tx, playlists, playlistId) : null;
  const permissions = (row?.$permissions ?? []) as string[];
  if (!row || !documentAllows(playlists, permissions, 'read', ctx.caller.roles)) {
    throw new AppwriteError(404, 'document_not_found', `Playlist with the requested ID '${String(playlistId)}' could not be found.`);
  }
  if (!documentAllows(playlists, permissions, 'update', ctx.caller.roles)) {
    throw unauthorized('Only the owner of a playlist can add songs to it.');
  }
}

/** Playlist songs: each link must point at a playlist the caller owns. */
export function addedByPlaylistEditor(playlistsId: string, attribute: string): CollectionRules {
  return {
    async beforeCreate(ctx, data) {
      await requirePlaylistEditor(ctx, playlistsId, data[attribute]);
    },
    async beforeUpdate(ctx, current, changes) {
      if (attribute in changes && changes[attribute] !== current[attribute]) {
        await requirePlaylistEditor(ctx, playlistsId, changes[attribute]);
      }
    },
  };
}

/** SPEC#states-playlist-delete: "Backend deletes the playlist then its song links". */
export function deletesLinks(linksId: string, attribute: string): CollectionRules {
  return {
    async afterDelete(ctx, deleted) {
      const links = collection(ctx, linksId);
      const rows = await deleteDocumentsWhere(ctx.tx, links, attribute, deleted.$id);
      return rows.length ? [{ collection: links, rows }] : [];
    },
  };
}
