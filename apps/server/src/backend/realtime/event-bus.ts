import { randomUUID } from 'node:crypto';
import type { Deps } from '../../module.js';

/** A document or account change, published to realtime subscribers (backend-api.md §7). */
export interface BackendEvent {
  /** Concrete event name first, e.g. databases.db.collections.col.documents.d1.create */
  events: string[];
  channels: string[];
  /** Roles allowed to read the payload; 'any' = everyone. */
  roles: string[];
  payload: Record<string, unknown>;
  timestamp: string;
}

/** In-process fan-out, crossing server instances through PostgreSQL LISTEN/NOTIFY. */
export interface EventBus {
  publish(event: BackendEvent): Promise<void>;
  subscribe(listener: (event: BackendEvent) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const REALTIME_CHANNEL = 'lyra_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; keep a margin. */
export const MAX_NOTIFY_BYTES = 7900;
const KEEP_STORED_MS = 5 * 60_000;

type Envelope = { o: string; e: BackendEvent } | { o: string; ref: number };

/**
 * Listeners in this process get every event at once. With PostgreSQL the
 * event also goes out on NOTIFY (with this instance's id, so it is not
 * delivered twice here); one too large for a payload is stored in
 * `realtime_events` and its id notified, and listeners read it back.
 * Incoming notifications are handled one after another, keeping order.
 * PGlite is one process, so there is nothing to cross.
 */
export function createEventBus(deps: Deps): EventBus {
  const listeners = new Set<(event: BackendEvent) => void>();
  const instance = randomUUID();
  const crossInstance = deps.db.engine === 'postgres';
  let unlisten: (() => Promise<void>) | null = null;
  let incoming: Promise<void> = Promise.resolve();
  let lastCleanup = 0;

  function deliver(event: BackendEvent) {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        deps.log.error('realtime listener failed', { err });
      }
    }
  }

  async function receive(payload: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === instance) return;
    if ('e' in envelope) return deliver(envelope.e);
    const [row] = await deps.db.query<{ body: BackendEvent }>('select body from realtime_events where id = $1', [envelope.ref]);
    if (row) deliver(row.body);
  }

  async function sendAcross(event: BackendEvent) {
    const inline = JSON.stringify({ o: instance, e: event } satisfies Envelope);
    if (Buffer.byteLength(inline) <= MAX_NOTIFY_BYTES) return deps.db.notify(REALTIME_CHANNEL, inline);
    const [row] = await deps.db.query<{ id: number }>('insert into realtime_events (body) values ($1) returning id', [event]);
    await deps.db.notify(REALTIME_CHANNEL, JSON.stringify({ o: instance, ref: row!.id } satisfies Envelope));
    const now = deps.now();
    if (now - lastCleanup > KEEP_STORED_MS) {
      lastCleanup = now;
      // The database's clock, like created_at's default (deps.now may be a test's fake clock).
      await deps.db.query(`delete from realtime_events where created_at < now() - interval '5 minutes'`);
    }
  }

  return {
    async publish(event) {
      deliver(event);
      if (crossInstance) await sendAcross(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async start() {
      if (!crossInstance || unlisten) return;
      unlisten = await deps.db.listen(REALTIME_CHANNEL, (payload) => {
        incoming = incoming
          .then(() => receive(payload))
          .catch((err: unknown) => deps.log.warn('realtime notification dropped', { err }));
      });
    },
    async stop() {
      const stop = unlisten;
      unlisten = null;
      await stop?.();
      await incoming;
    },
  };
}
