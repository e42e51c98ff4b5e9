import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { INT8_OID, NUMERIC_OID } from './db.js';
import { serializeError, type WorkerMessage, type WorkerOptions, type WorkerRequest } from './pglite-protocol.js';
import { PGLITE_V8_FLAGS, pgliteStartParams } from './pglite-settings.js';
import { seedFromTemplate } from './pglite-template.js';

/**
 * The thread that owns the embedded database: PGlite runs its queries
 * synchronously in WebAssembly, so here they never hold up the server's
 * event loop (media, images and cached answers go on while SQL runs).
 * Requests come from pglite-db.ts; each gets one reply.
 */
const port = parentPort!;
const options = workerData as WorkerOptions;
const post = (m: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);
const ROLLBACK = Symbol('rollback');

/**
 * A dumped data folder as PGlite reads one (its arrayBuffer()), holding the bytes that came with the
 * thread: copied into a Blob, 40 MB would be copied again and read back in small chunks at every start.
 */
class TarBytes extends Blob {
  readonly #tar: Uint8Array;
  constructor(tar: Uint8Array) {
    super([]);
    this.#tar = tar;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    const { buffer, byteOffset, byteLength } = this.#tar;
    const whole = buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength;
    return Promise.resolve(whole ? buffer : this.#tar.slice().buffer);
  }
}

let pg: PGlite;
try {
  // A new data folder starts as a copy of the build's initialised one when there is one (pglite-template.ts).
  if (options.dataDir && !options.loadDataDir) seedFromTemplate(options.dataDir);
  setFlagsFromString(PGLITE_V8_FLAGS);
  pg = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: new TarBytes(options.loadDataDir) } : {}),
    startParams: pgliteStartParams(PGlite.defaultStartParams),
    extensions: { pg_trgm, unaccent },
    parsers: { [INT8_OID]: Number, [NUMERIC_OID]: Number },
  });
} catch (e) {
  post({ kind: 'failed', error: serializeError(e) });
  process.exit(1);
}

/** Open transactions: their handle, and how to end them. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; settled: Promise<void> }>();
const listeners = new Map<number, () => Promise<void>>();

async function handle(m: WorkerRequest): Promise<{ value?: unknown; transfer?: ArrayBuffer[] }> {
  const on = (tx?: number) => (tx === undefined ? pg : open.get(tx)?.tx ?? missing(tx));
  switch (m.op) {
    case 'query':
      return { value: (await on(m.tx).query(m.text, m.params)).rows };
    case 'exec':
      await on(m.tx).exec(m.text);
      return {};
    case 'begin': {
      let started!: () => void;
      const begun = new Promise<void>((resolve) => (started = resolve));
      let end!: (commit: boolean) => void;
      const ended = new Promise<boolean>((resolve) => (end = resolve));
      const settled = pg
        .transaction(async (tx) => {
          open.set(m.id, { tx, end, settled });
          started();
          if (!(await ended)) throw ROLLBACK;
        })
        .then(
          () => undefined,
          (e: unknown) => {
            if (e !== ROLLBACK) throw e;
          },
        );
      // A transaction that cannot begin fails here; one that began replies at once.
      await Promise.race([begun, settled]);
      return {};
    }
    case 'end': {
      const t = open.get(m.tx) ?? missing(m.tx);
      open.delete(m.tx);
      t.end(m.commit);
      await t.settled;
      return {};
    }
    case 'listen': {
      const unlisten = await pg.listen(m.channel, (payload) => post({ kind: 'notify', listener: m.id, payload }));
      listeners.set(m.id, unlisten);
      return {};
    }
    case 'unlisten':
      await listeners.get(m.listener)?.();
      listeners.delete(m.listener);
      return {};
    case 'dump': {
      const bytes = await (await pg.dumpDataDir('none')).arrayBuffer();
      return { value: bytes, transfer: [bytes] };
    }
    case 'close':
      await pg.close();
      return {};
  }
}

function missing(tx: number): never {
  throw new Error(`no open transaction ${tx}`);
}

port.on('message', (m: WorkerRequest) => {
  handle(m).then(
    ({ value, transfer }) => {
      post({ kind: 'reply', id: m.id, value }, transfer);
    },
    (e: unknown) => post({ kind: 'reply', id: m.id, error: serializeError(e) }),
  );
});
post({ kind: 'ready' });
