import { startWorker } from '../start-worker.js';
import type { Db, Tx } from './db.js';
import { PGLITE_THREAD_LIMITS } from './pglite-settings.js';
import { reviveError, type WorkerMessage, type WorkerOptions, type WorkerRequest } from './pglite-protocol.js';

/** PGlite can also dump its data folder (tests start from a migrated template). */
export interface PgliteDb extends Db {
  dump(): Promise<Blob>;
}

type Op<R extends WorkerRequest = WorkerRequest> = R extends unknown ? Omit<R, 'id'> : never;

/**
 * Opens PGlite in `dataDir` (created on first use), or in memory when
 * `dataDir` is undefined, on a thread of its own (pglite-worker.ts): the
 * event loop sends each query and goes on serving while it runs.
 * `loadDataDir` starts from a dumped data folder, the bytes of its tar
 * (tests use it to skip initdb and migrations).
 */
export async function openPglite(dataDir?: string, loadDataDir?: Uint8Array): Promise<PgliteDb> {
  const worker = startWorker(
    new URL('./pglite-worker', import.meta.url),
    { ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) },
    PGLITE_THREAD_LIMITS,
  );
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const onNotify = new Map<number, (payload: string) => void>();
  let next = 1;
  let gone: Error | null = null;
  // The worker keeps the process alive only while a request waits for it.
  worker.unref();
  const settle = () => {
    if (pending.size === 0) worker.unref();
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (m: WorkerMessage) => {
      if (m.kind === 'ready') return resolve();
      if (m.kind === 'failed') return reject(reviveError(m.error));
      if (m.kind === 'notify') return onNotify.get(m.listener)?.(m.payload);
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      settle();
      if (m.error) p.reject(reviveError(m.error));
      else p.resolve(m.value);
    });
    worker.on('error', (e) => {
      gone = e;
      reject(e);
      for (const p of pending.values()) p.reject(e);
      pending.clear();
    });
    worker.on('exit', (code) => {
      gone ??= new Error(`the embedded database stopped (exit code ${code})`);
      reject(gone);
      for (const p of pending.values()) p.reject(gone);
      pending.clear();
    });
  });
  worker.ref();
  await ready;
  worker.unref();

  const send = <T>(op: Op): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = next++;
    worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...op, id } as WorkerRequest);
    });
  };
  const on = (tx?: number): Tx => ({
    query: (text, params) => send({ op: 'query', text, params: params ? [...params] : [], ...(tx ? { tx } : {}) }),
    exec: async (text) => void (await send({ op: 'exec', text, ...(tx ? { tx } : {}) })),
  });

  return {
    engine: 'pglite',
    ...on(),
    async transaction(fn) {
      // The begin request's id names the transaction.
      const tx = next;
      await send({ op: 'begin' });
      let result;
      try {
        result = await fn(on(tx));
      } catch (e) {
        await send({ op: 'end', tx, commit: false }).catch(() => {});
        throw e;
      }
      await send({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onPayload) {
      const listener = next;
      onNotify.set(listener, onPayload);
      await send({ op: 'listen', channel });
      return async () => {
        onNotify.delete(listener);
        await send({ op: 'unlisten', listener });
      };
    },
    async notify(channel, payload) {
      await send({ op: 'query', text: 'select pg_notify($1, $2)', params: [channel, payload] });
    },
    async close() {
      if (gone) return;
      await send({ op: 'close' });
      // Closed and flushed: the thread has nothing left to do.
      await worker.terminate();
    },
    dump: async () => new Blob([await send<ArrayBuffer>({ op: 'dump' })]),
  };
}
