import { Account, Client, Databases, ID, OAuthProvider, Realtime } from 'appwrite';
import type { BackendApi, BackendDocument } from './backend.js';
import { COLLECTIONS } from './backend-ids.js';
import type { ClientConfig } from './client-config.js';
import { confirmedChannels, coversAll } from './realtime-live.js';

/** The SDK's socket of the moment (the Realtime class keeps it in a field it does not publish). */
const socketOf = (realtime: Realtime): WebSocket | undefined => (realtime as unknown as { socket?: WebSocket }).socket;

/**
 * BackendApi over the `appwrite` SDK (v28). Loaded lazily by backend.ts. The
 * SDK needs an absolute endpoint, so a relative one from /config.json ('/v1')
 * is taken against the page's origin.
 */
export function createSdkBackend(config: Pick<ClientConfig, 'backendEndpoint' | 'projectId'>): BackendApi {
  const endpoint = new URL(config.backendEndpoint, window.location.origin).href.replace(/\/+$/, '');
  const client = new Client().setEndpoint(endpoint).setProject(config.projectId);
  const account = new Account(client);
  const databases = new Databases(client);
  let realtime: Realtime | null = null;
  /** Subscriptions not yet closed on `realtime`. */
  let subscriptions = 0;
  const openListeners = new Set<() => void>();
  /** Told the channels of each subscribe the server confirms ('all': no frames to read, taken at the socket's opening). */
  const liveListeners = new Set<(confirmed: ReadonlySet<string> | 'all') => void>();

  const userOf = (u: { $id: string; name: string; email: string }) => ({ $id: u.$id, name: u.name, email: u.email });

  return {
    getAccount: async () => userOf(await account.get()),
    createAccount: async (email, password, name, invitation) => {
      if (invitation === undefined) return userOf(await account.create({ userId: ID.unique(), email, password, name }));
      // The SDK's account.create has no invitation: the same call through its client, with the invitation added.
      const body = { userId: ID.unique(), email, password, name, invitation };
      return userOf((await client.call('post', new URL(`${endpoint}/account`), { 'content-type': 'application/json' }, body)) as { $id: string; name: string; email: string });
    },
    createEmailSession: async (email, password) => {
      await account.createEmailPasswordSession({ email, password });
    },
    createSession: async (userId, secret) => {
      await account.createSession({ userId, secret });
    },
    deleteCurrentSession: async () => {
      await account.deleteSession({ sessionId: 'current' });
    },
    startOAuth: (provider, success, failure, invitation) => {
      const sdkProvider = provider === 'google' ? OAuthProvider.Google : OAuthProvider.Oidc;
      if (invitation === undefined) return void account.createOAuth2Token({ provider: sdkProvider, success, failure });
      // The SDK's address has no invitation: the same address, built as the SDK builds it, with it added.
      const start = new URL(`${endpoint}/account/tokens/oauth2/${sdkProvider}`);
      for (const [k, v] of Object.entries({ success, failure, project: config.projectId, invitation })) start.searchParams.set(k, v);
      window.location.href = start.toString();
    },
    getPrefs: async () => (await account.getPrefs()) as Record<string, unknown>,
    updatePrefs: async (prefs) => {
      await account.updatePrefs({ prefs });
    },
    list: async (name, queries) => {
      const { databaseId, collectionId } = COLLECTIONS[name];
      const res = await databases.listDocuments({ databaseId, collectionId, queries });
      return res.documents as unknown as BackendDocument[];
    },
    create: async (name, data) => {
      const { databaseId, collectionId } = COLLECTIONS[name];
      const doc = await databases.createDocument({ databaseId, collectionId, documentId: ID.unique(), data });
      return doc as unknown as BackendDocument;
    },
    update: async (name, id, data) => {
      const { databaseId, collectionId } = COLLECTIONS[name];
      const doc = await databases.updateDocument({ databaseId, collectionId, documentId: id, data });
      return doc as unknown as BackendDocument;
    },
    remove: async (name, id) => {
      const { databaseId, collectionId } = COLLECTIONS[name];
      await databases.deleteDocument({ databaseId, collectionId, documentId: id });
    },
    subscribe: async (channels, onEvent, onLive) => {
      // One socket for the page's subscriptions. It carries the cookies of the
      // moment it opens, so once the last subscription closes (signing in or
      // out), the next one gets a new socket, with the session of that time.
      if (!realtime) {
        const opened = new Realtime(client);
        opened.onOpen(() => {
          for (const l of openListeners) l();
          const socket = socketOf(opened);
          if (!socket) for (const l of liveListeners) l('all');
          socket?.addEventListener('message', (m) => {
            const confirmed = confirmedChannels(m.data);
            if (confirmed) for (const l of liveListeners) l(confirmed);
          });
        });
        realtime = opened;
      }
      const owner = realtime;
      subscriptions++;
      let active = true;
      // Live on the server once its answer names every channel; each new socket (after a drop) makes it so again.
      let live = false;
      const onOpen = () => {
        live = false;
      };
      const onConfirmed = (confirmed: ReadonlySet<string> | 'all') => {
        if (!active || live || (confirmed !== 'all' && !coversAll(confirmed, channels))) return;
        live = true;
        onLive?.();
      };
      openListeners.add(onOpen);
      liveListeners.add(onConfirmed);
      const sub = await owner.subscribe(channels, (e) => {
        if (e.payload && typeof e.payload === 'object') onEvent({ events: e.events, channels: e.channels, payload: e.payload as BackendDocument });
      });
      return () => {
        if (!active) return;
        active = false;
        openListeners.delete(onOpen);
        liveListeners.delete(onConfirmed);
        // The last one closes the socket (the SDK does it): the next subscribe starts afresh.
        if (--subscriptions === 0 && realtime === owner) realtime = null;
        void sub.close();
      };
    },
  };
}
