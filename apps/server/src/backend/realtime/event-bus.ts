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

/** A notification: the stored event's id, with the event itself when it fits in the payload. */
type Envelope = { o: string; id: number; e?: BackendEvent };

/** Ids kept to drop an event met twice (replayed and notified); older ones are past any replay. */
const REMEMBERED_IDS = 10_000;
/** How far below the highest id seen a replay looks: ids are given at insert, rows become visible at commit. */
const REPLAY_MARGIN = 1_000;

/**
 * Listeners in this process get every event at once. With PostgreSQL the
 * event is also stored in `realtime_events` (with this instance's id) and
 * notified across instances, inline when it fits in a NOTIFY payload, else by
 * its id for listeners to read back. Incoming notifications are handled one
 * after another, keeping order. When the LISTEN connection is lost (an
 * outage, a restart of PostgreSQL) and comes back, the events other
 * instances stored meanwhile are replayed from the table before any newer
 * notification, each delivered once. PGlite is one process: nothing to cross.
 */
export function createEventBus(deps: Deps): EventBus {
  const listeners = new Set<(event: BackendEvent) => void>();
  const instance = randomUUID();
  const crossInstance = deps.db.engine === 'postgres';
  let unlisten: (() => Promise<void>) | null = null;
  let incoming: Promise<void> = Promise.resolve();
  let lastCleanup = 0;
  let highest = 0;
  const delivered = new Set<number>();

  function deliver(event: BackendEvent) {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        deps.log.error('realtime listener failed', { err });
      }
    }
  }

  /** Delivers a stored event of another instance once, however it arrives. */
  function deliverStored(id: number, event: BackendEvent) {
    if (delivered.has(id)) return;
    delivered.add(id);
    if (delivered.size > REMEMBERED_IDS) delivered.delete(delivered.values().next().value!);
    highest = Math.max(highest, id);
    deliver(event);
  }

  async function receive(payload: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.o === instance || !Number.isSafeInteger(envelope.id)) return;
    if (envelope.e) return deliverStored(envelope.id, envelope.e);
    const [row] = await deps.db.query<{ body: BackendEvent }>('select body from realtime_events where id = $1', [envelope.id]);
    if (row) deliverStored(envelope.id, row.body);
  }

  /** After a lost LISTEN connection: what other instances published while this one was not listening. */
  async function replay() {
    const rows = await deps.db.query<{ id: number; body: BackendEvent }>(
      `select id, body from realtime_events where id > $1 and origin <> $2 order by id`,
      [Math.max(0, highest - REPLAY_MARGIN), instance],
    );
    const missed = rows.filter((r) => !delivered.has(r.id)).length;
    for (const r of rows) deliverStored(r.id, r.body);
    deps.log.warn('realtime: listening again after a lost database connection', { replayed: missed });
  }

  async function sendAcross(event: BackendEvent) {
    const [row] = await deps.db.query<{ id: number }>('insert into realtime_events (body, origin) values ($1, $2) returning id', [event, instance]);
    const id = row!.id;
    const inline = JSON.stringify({ o: instance, id, e: event } satisfies Envelope);
    await deps.db.notify(REALTIME_CHANNEL, Buffer.byteLength(inline) <= MAX_NOTIFY_BYTES ? inline : JSON.stringify({ o: instance, id } satisfies Envelope));
    const now = deps.now();
    if (now - lastCleanup > KEEP_STORED_MS) {
      lastCleanup = now;
      // The database's clock, like created_at's default (deps.now may be a test's fake clock).
      await deps.db.query(`delete from realtime_events where created_at < now() - interval '5 minutes'`);
    }
  }

  const queue = (work: () => Promise<void>, what: string) => {
    incoming = incoming.then(work).catch((err: unknown) => deps.log.warn(what, { err }));
  };

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
      const [top] = await deps.db.query<{ id: number }>('select coalesce(max(id), 0)::int8 as id from realtime_events');
      highest = top?.id ?? 0;
      unlisten = await deps.db.listen(
        REALTIME_CHANNEL,
        (payload) => queue(() => receive(payload), 'realtime notification dropped'),
        () => queue(replay, 'realtime replay failed'),
      );
    },
    async stop() {
      const stop = unlisten;
      unlisten = null;
      await stop?.();
      await incoming;
    },
  };
}
