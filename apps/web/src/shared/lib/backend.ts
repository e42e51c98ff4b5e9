import type { ClientConfig } from './client-config.js';
import type { CollectionName } from './backend-ids.js';
import { whenIdle } from './idle.js';

/**
 * The app's one way to the backend: the official `appwrite` web SDK, unchanged
 * (DESIGN §3), imported on first use so it stays out of the first chunk. The
 * features see only this narrow surface, which a test swaps for an in-memory
 * double (backend-fake.ts).
 */
export interface BackendDocument {
  $id: string;
  [key: string]: unknown;
}

export interface BackendUser {
  $id: string;
  name: string;
  email: string;
}

export interface RealtimeEvent {
  events: string[];
  channels: string[];
  payload: BackendDocument;
}

/** A query in Appwrite's JSON form (backend-api.md §5), built by `q` below. */
export type QueryString = string;

export interface BackendApi {
  getAccount(): Promise<BackendUser>;
  /** POST /account; `invitation` is the secret of an invitation link (SIGNUPS=invite). */
  createAccount(email: string, password: string, name: string, invitation?: string): Promise<BackendUser>;
  createEmailSession(email: string, password: string): Promise<void>;
  /** POST /account/sessions/token (the OAuth token flow's last step). */
  createSession(userId: string, secret: string): Promise<void>;
  deleteCurrentSession(): Promise<void>;
  /**
   * Leaves the page for the provider (the SDK sets window.location). With
   * `invitation` (the secret of an admin's link) a first sign-in may make the account on an invite-only server.
   */
  startOAuth(provider: 'google' | 'oidc', success: string, failure: string, invitation?: string): void;
  /** The account's preferences (GET /account/prefs). */
  getPrefs(): Promise<Record<string, unknown>>;
  /** Replaces the account's preferences (PATCH /account/prefs): send the whole object. */
  updatePrefs(prefs: Record<string, unknown>): Promise<void>;
  list(collection: CollectionName, queries: QueryString[]): Promise<BackendDocument[]>;
  create(collection: CollectionName, data: Record<string, unknown>): Promise<BackendDocument>;
  /** PATCH of a document: only the attributes given change. */
  update(collection: CollectionName, id: string, data: Record<string, unknown>): Promise<BackendDocument>;
  remove(collection: CollectionName, id: string): Promise<void>;
  /**
   * Subscribes to channels; resolves to an unsubscribe function. `onLive` runs
   * each time the server has the subscription: first, and again after the
   * socket reconnects. Changes made before that moment were not heard (the
   * first read of a screen may have come before it), so callers read afresh.
   */
  subscribe(channels: string[], onEvent: (e: RealtimeEvent) => void, onLive?: () => void): Promise<() => void>;
}

/** Appwrite query strings (backend-api.md §5), spelled here so features need not load the SDK to build them. */
export const q = {
  equal: (attribute: string, value: string | readonly string[]): QueryString =>
    JSON.stringify({ method: 'equal', attribute, values: Array.isArray(value) ? value : [value] }),
  limit: (n: number): QueryString => JSON.stringify({ method: 'limit', values: [n] }),
  offset: (n: number): QueryString => JSON.stringify({ method: 'offset', values: [n] }),
  orderAsc: (attribute: string): QueryString => JSON.stringify({ method: 'orderAsc', attribute }),
  orderDesc: (attribute: string): QueryString => JSON.stringify({ method: 'orderDesc', attribute }),
};

/** The parts of an SDK error the app decides on: HTTP status (0 = none), type and message. */
export interface BackendFailure {
  code: number;
  type: string;
  message: string;
}

export function describeFailure(e: unknown): BackendFailure {
  if (e && typeof e === 'object') {
    const o = e as { code?: unknown; type?: unknown; message?: unknown };
    return {
      code: typeof o.code === 'number' ? o.code : 0,
      type: typeof o.type === 'string' ? o.type : '',
      message: typeof o.message === 'string' ? o.message : String(e),
    };
  }
  return { code: 0, type: '', message: String(e) };
}

/** Worth trying again later: no answer at all, a server fault or a rate limit. */
export const isTransient = (f: BackendFailure): boolean => f.code === 0 || f.code >= 500 || f.code === 429;

let override: BackendApi | null = null;
let loading: Promise<BackendApi> | null = null;

/** Tests install a double; `null` restores the real SDK. */
export function setBackendForTests(api: BackendApi | null): void {
  override = api;
  loading = null;
}

/**
 * The backend for this app's config, created once. The SDK (~28 KB) is
 * fetched at the first idle moment, never ahead of the first screen's own work.
 */
export function getBackend(config: Pick<ClientConfig, 'backendEndpoint' | 'projectId'>): Promise<BackendApi> {
  if (override) return Promise.resolve(override);
  loading ??= whenIdle()
    .then(() => import('./backend-sdk.js'))
    .then((m) => m.createSdkBackend(config))
    .catch((e: unknown) => {
      loading = null;
      throw e;
    });
  return loading;
}
