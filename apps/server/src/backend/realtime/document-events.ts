import type { BackendEvent } from './event-bus.js';

/**
 * Event names and channels of a document change, as Appwrite emits them
 * (backend-api.md §7 "Event names" and "Channel names").
 */
export type DocumentAction = 'create' | 'update' | 'upsert' | 'delete';

/** `databases.X.collections.Y.documents.Z…` -> `databases.X.tables.Y.rows.Z…` */
const tablesTwin = (event: string) => event.replace('.collections.', '.tables.').replace('.documents', '.rows');

/**
 * Every combination of concrete ids and `*` for a pattern's placeholders, in
 * Appwrite's order: all concrete, all wildcards, then the mixed forms (from
 * Appwrite's Event::generateEvents permutation loop).
 */
function permutations(parts: (string | { value: string })[]): string[] {
  const slots = parts.flatMap((p, i) => (typeof p === 'string' ? [] : [i]));
  const render = (starred: Set<number>) =>
    parts.map((p, i) => (typeof p === 'string' ? p : starred.has(i) ? '*' : p.value)).join('.');
  const out = [render(new Set()), render(new Set(slots))];
  for (const key of slots) {
    for (const current of slots) {
      if (slots.length < 3) {
        if (current !== key) out.push(render(new Set([current])));
        continue;
      }
      for (const sub of slots) {
        if (sub === current || sub === key) continue;
        out.push(render(new Set([sub])), render(new Set([sub, current])), render(new Set([current])));
      }
    }
  }
  return out;
}

export function documentEventNames(databaseId: string, collectionId: string, documentId: string, action: DocumentAction): string[] {
  const db = { value: databaseId };
  const col = { value: collectionId };
  const doc = { value: documentId };
  const patterns = [
    ['databases', db, 'collections', col, 'documents', doc, action],
    ['databases', db, 'collections', col, 'documents', doc],
    ['databases', db, 'collections', col],
    ['databases', db],
  ];
  const names = new Set<string>();
  for (const pattern of patterns) {
    for (const name of permutations(pattern)) {
      names.add(name);
      names.add(tablesTwin(name));
    }
  }
  return [...names];
}

export function documentChannels(databaseId: string, collectionId: string, documentId: string, action: DocumentAction): string[] {
  const base = [
    'documents',
    `databases.${databaseId}.collections.${collectionId}.documents`,
    `databases.${databaseId}.collections.${collectionId}.documents.${documentId}`,
    'rows',
    `databases.${databaseId}.tables.${collectionId}.rows`,
    `databases.${databaseId}.tables.${collectionId}.rows.${documentId}`,
    `tablesdb.${databaseId}.tables.${collectionId}.rows`,
    `tablesdb.${databaseId}.tables.${collectionId}.rows.${documentId}`,
  ];
  return [...base, ...base.map((c) => `${c}.${action}`)];
}

/** The realtime event of one document change; `roles` = who may read the document. */
export function documentEvent(
  action: DocumentAction,
  payload: { $id: string; $databaseId: string; $collectionId: string } & Record<string, unknown>,
  roles: string[],
  timestamp: string,
): BackendEvent {
  return {
    events: documentEventNames(payload.$databaseId, payload.$collectionId, payload.$id, action),
    channels: documentChannels(payload.$databaseId, payload.$collectionId, payload.$id, action),
    roles,
    payload,
    timestamp,
  };
}
