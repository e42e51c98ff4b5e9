/** Messages between the event loop and the thread that owns the embedded database (pglite-worker.ts). */
export type WorkerRequest =
  | { id: number; op: 'query'; text: string; params: unknown[]; tx?: number }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: SerializedError }
  | { kind: 'reply'; id: number; value?: unknown; error?: SerializedError }
  | { kind: 'notify'; listener: number; payload: string };

/** An error with its fields (PostgreSQL's `code`, `detail`, `position`...), as it crosses threads. */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export function serializeError(e: unknown): SerializedError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  return { name: e.name, message: e.message, fields };
}

export function reviveError(s: SerializedError): Error {
  const e = Object.assign(new Error(s.message), s.fields);
  e.name = s.name;
  return e;
}

export interface WorkerOptions {
  dataDir?: string;
  /** A dumped data folder (a tar) to start from (tests skip initdb and migrations with it). */
  loadDataDir?: Uint8Array;
}
