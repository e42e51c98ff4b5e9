import schema from '../../../../../appwrite.json';

/**
 * Database and collection ids come from appwrite.json, the one declaration
 * the server migrates from (DESIGN §3); the app names collections by their
 * schema `name` and never repeats an id.
 */
const NAMES = ['Favorite', 'Playlist', 'PlaylistSong', 'Feedback', 'VideoPreview', 'VideoRequest', 'History'] as const;
export type CollectionName = (typeof NAMES)[number];

export interface CollectionRef {
  databaseId: string;
  collectionId: string;
}

function resolve(name: CollectionName): CollectionRef {
  const c = schema.collections.find((x) => x.name === name);
  if (!c) throw new Error(`appwrite.json declares no ${name} collection`);
  return { databaseId: c.databaseId, collectionId: c.$id };
}

export const COLLECTIONS: Readonly<Record<CollectionName, CollectionRef>> = Object.fromEntries(
  NAMES.map((n) => [n, resolve(n)]),
) as Record<CollectionName, CollectionRef>;

/** The realtime channel of one collection's documents (backend-api.md §7 "Channel names"). */
export const documentsChannel = (name: CollectionName): string =>
  `databases.${COLLECTIONS[name].databaseId}.collections.${COLLECTIONS[name].collectionId}.documents`;

/** Which collection an event channel list or event name is about, if one of ours. */
export function collectionOfEvent(events: readonly string[]): CollectionName | null {
  for (const n of NAMES) {
    const prefix = `${documentsChannel(n)}.`;
    if (events.some((e) => e.startsWith(prefix))) return n;
  }
  return null;
}
