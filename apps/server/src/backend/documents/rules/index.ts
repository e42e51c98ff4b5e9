import { AppwriteError } from '../../http/errors.js';
import { combineRules, type CollectionRules } from './collection-rules.js';
import { feedbackRules } from './feedback-rules.js';
import { ownedByCaller } from './owner-rules.js';
import { addedByPlaylistEditor, deletesLinks } from './playlist-rules.js';
import { videoRequestRules } from './video-request-rules.js';

/**
 * The server-side rules of each collection of appwrite.json. This is the one
 * place that ties behaviour to collection ids; rules.test.ts checks that
 * every id here is declared in appwrite.json.
 */
export const COLLECTION_RULES: Readonly<Record<string, CollectionRules>> = {
  Favorite: combineRules(ownedByCaller('userId'), {
    duplicate: { userId_songId: () => new AppwriteError(409, 'document_already_exists', 'Song is already liked') },
  }),
  Playlist: combineRules(ownedByCaller('userId'), deletesLinks('PlaylistSong', 'playlistId')),
  PlaylistSong: combineRules(addedByPlaylistEditor('Playlist', 'playlistId'), {
    duplicate: {
      playlistId_songId: () => new AppwriteError(409, 'document_already_exists', 'Song is already in the playlist'),
    },
  }),
  Feedback: feedbackRules('message'),
  VideoRequest: videoRequestRules('VideoPreview'),
  History: ownedByCaller('userId'),
};

export const rulesFor = (collectionId: string): CollectionRules => COLLECTION_RULES[collectionId] ?? {};
