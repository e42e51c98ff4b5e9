import type { BackendApi, BackendDocument, BackendUser, RealtimeEvent } from './backend.js';
import { documentsChannel, type CollectionName } from './backend-ids.js';

/**
 * An in-memory BackendApi for unit tests: documents per collection, Appwrite's
 * query strings (equal, limit, offset, orderAsc, orderDesc), account prefs, the server's duplicate rules
 * (Favorite and PlaylistSong answer 409), realtime events to subscribers, and
 * failures a test queues for the next call of an operation.
 */
export class FakeBackendError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly type = '',
  ) {
    super(message);
  }
}

type Op =
  | 'getAccount'
  | 'createAccount'
  | 'createEmailSession'
  | 'createSession'
  | 'deleteCurrentSession'
  | 'getPrefs'
  | 'updatePrefs'
  | 'list'
  | 'create'
  | 'update'
  | 'remove';

const UNIQUE: Partial<Record<CollectionName, { keys: string[]; message: string }>> = {
  Favorite: { keys: ['userId', 'songId'], message: 'Song is already liked' },
  PlaylistSong: { keys: ['playlistId', 'songId'], message: 'Song is already in the playlist' },
  VideoRequest: { keys: ['song_id'], message: 'Song is already requested for video' },
};

export interface FakeBackend extends BackendApi {
  docs: Record<CollectionName, BackendDocument[]>;
  user: BackendUser | null;
  prefs: Record<string, unknown>;
  calls: { op: Op; args: unknown[] }[];
  oauth: { provider: string; success: string; failure: string; invitation?: string }[];
  /** The next call of `op` fails with this error (queued, first in first out). */
  failNext(op: Op, error: unknown): void;
  /** Holds calls of `op` until `release()` is called. */
  hold(op: Op): () => void;
  subscribers: number;
  /** The channels of each live subscription, oldest first. */
  subscribedChannels(): string[][];
  /** Delivers an event the server sent (e.g. the catalogue's) to the subscriptions of its channels. */
  publish(event: RealtimeEvent): void;
}

export function createFakeBackend(init: { user?: BackendUser | null } = {}): FakeBackend {
  const failures: { op: Op; error: unknown }[] = [];
  const holds = new Map<Op, Promise<void>>();
  const listeners = new Set<{ channels: string[]; fn: (e: RealtimeEvent) => void }>();
  let seq = 0;

  const fake: FakeBackend = {
    docs: { Favorite: [], Playlist: [], PlaylistSong: [], Feedback: [], VideoPreview: [], VideoRequest: [], History: [] },
    user: init.user ?? null,
    prefs: {},
    calls: [],
    oauth: [],
    subscribers: 0,
    failNext: (op, error) => void failures.push({ op, error }),
    hold(op) {
      let release = () => {};
      holds.set(op, new Promise<void>((r) => (release = r)));
      return () => {
        holds.delete(op);
        release();
      };
    },
    getAccount: () => run('getAccount', [], () => {
      if (!fake.user) throw new FakeBackendError('User (role: guests) missing scopes (["account"])', 401, 'general_unauthorized_scope');
      return { ...fake.user };
    }),
    createAccount: (email, password, name, invitation) =>
      run('createAccount', invitation === undefined ? [email, password, name] : [email, password, name, invitation], () => ({ $id: `u${++seq}`, email, name })),
    createEmailSession: (email) => run('createEmailSession', [email], () => {
      fake.user ??= { $id: `u${++seq}`, name: '', email };
    }),
    createSession: (userId, secret) => run('createSession', [userId, secret], () => {
      fake.user = { $id: userId, name: 'Ada Lovelace', email: 'ada@example.com' };
    }),
    deleteCurrentSession: () => run('deleteCurrentSession', [], () => {
      fake.user = null;
    }),
    startOAuth: (provider, success, failure, invitation) =>
      void fake.oauth.push({ provider, success, failure, ...(invitation === undefined ? {} : { invitation }) }),
    getPrefs: () => run('getPrefs', [], () => structuredClone(fake.prefs)),
    updatePrefs: (prefs) => run('updatePrefs', [prefs], () => {
      fake.prefs = structuredClone(prefs);
    }),
    list: (name, queries) => run('list', [name, queries], () => query(fake.docs[name], queries)),
    create: (name, data) => run('create', [name, data], () => {
      const unique = UNIQUE[name];
      if (unique && fake.docs[name].some((d) => unique.keys.every((k) => d[k] === data[k]))) {
        throw new FakeBackendError(unique.message, 409, 'document_already_exists');
      }
      const doc: BackendDocument = { ...data, $id: `d${++seq}`, $createdAt: new Date(Date.now() + seq).toISOString() };
      fake.docs[name].push(doc);
      emit(name, doc, 'create');
      return { ...doc };
    }),
    update: (name, id, data) => run('update', [name, id, data], () => {
      const doc = fake.docs[name].find((d) => d.$id === id);
      if (!doc) throw new FakeBackendError(`Document with the requested ID '${id}' could not be found.`, 404, 'document_not_found');
      Object.assign(doc, data);
      emit(name, doc, 'update');
      return { ...doc };
    }),
    remove: (name, id) => run('remove', [name, id], () => {
      const i = fake.docs[name].findIndex((d) => d.$id === id);
      if (i < 0) throw new FakeBackendError(`Document with the requested ID '${id}' could not be found.`, 404, 'document_not_found');
      const [doc] = fake.docs[name].splice(i, 1);
      emit(name, doc!, 'delete');
    }),
    subscribedChannels: () => [...listeners].map((l) => [...l.channels]),
    publish(event) {
      for (const l of listeners) if (event.channels.some((c) => l.channels.includes(c))) l.fn(event);
    },
    async subscribe(channels, fn) {
      const entry = { channels, fn };
      listeners.add(entry);
      fake.subscribers++;
      return () => {
        if (listeners.delete(entry)) fake.subscribers--;
      };
    },
  };

  async function run<T>(op: Op, args: unknown[], body: () => T): Promise<T> {
    fake.calls.push({ op, args });
    await holds.get(op);
    await Promise.resolve();
    const i = failures.findIndex((f) => f.op === op);
    if (i >= 0) throw failures.splice(i, 1)[0]!.error;
    return body();
  }

  function emit(name: CollectionName, doc: BackendDocument, action: 'create' | 'update' | 'delete') {
    const channel = documentsChannel(name);
    const event: RealtimeEvent = { events: [`${channel}.${doc.$id}.${action}`], channels: [channel], payload: { ...doc } };
    for (const l of listeners) if (l.channels.includes(channel)) l.fn(event);
  }

  return fake;
}

function query(docs: BackendDocument[], queries: string[]): BackendDocument[] {
  let out = [...docs];
  let limit = 25;
  let offset = 0;
  for (const raw of queries) {
    const { method, attribute, values } = JSON.parse(raw) as { method: string; attribute?: string; values?: unknown[] };
    if (method === 'equal') out = out.filter((d) => values!.includes(d[attribute!]));
    else if (method === 'limit') limit = Number(values![0]);
    else if (method === 'offset') offset = Number(values![0]);
    else if (method === 'orderAsc') out.sort((a, b) => String(a[attribute!]).localeCompare(String(b[attribute!])));
    else if (method === 'orderDesc') out.sort((a, b) => String(b[attribute!]).localeCompare(String(a[attribute!])));
    else throw new Error(`fake backend: unsupported query ${method}`);
  }
  return out.slice(offset, offset + limit).map((d) => ({ ...d }));
}
