import { Client, Databases, Query } from 'appwrite';
import schema from '../../../../../appwrite.json';
import type { ClientConfig } from '../../shared/lib/client-config.js';
import { PREVIEWS } from './preview-rules.js';

/**
 * The VideoPreview collection (readable by anyone) through the official SDK.
 * This module is only ever imported dynamically, so the SDK stays out of the
 * first chunk. Ids come from appwrite.json, found by the collection's name.
 */
const collection = schema.collections.find((c) => c.name === 'VideoPreview');

export async function listVideoPreviewDocuments(config: Pick<ClientConfig, 'backendEndpoint' | 'projectId'>): Promise<unknown[]> {
  if (!collection) throw new Error('appwrite.json declares no VideoPreview collection');
  // The SDK wants an absolute endpoint; /config.json may give '/v1'.
  const endpoint = new URL(config.backendEndpoint, window.location.origin).href.replace(/\/+$/, '');
  const databases = new Databases(new Client().setEndpoint(endpoint).setProject(config.projectId));
  const list = await databases.listDocuments({
    databaseId: collection.databaseId,
    collectionId: collection.$id,
    queries: [Query.limit(PREVIEWS.LIST_LIMIT)],
  });
  return list.documents;
}
