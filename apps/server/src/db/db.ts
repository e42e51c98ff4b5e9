/**
 * One SQL dialect (PostgreSQL) over two engines: embedded PGlite by default,
 * a PostgreSQL server when DATABASE_URL is set. Everything above this module
 * speaks `Db` and never knows which engine it has.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** Runs one parameterised statement ($1, $2, ...) and returns its rows. */
  query<T extends object = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Tx extends Queryable {
  /** Runs a script of several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Db extends Tx {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Subscribes to NOTIFY on `channel`; resolves to an unsubscribe function.
   * `onReconnect` runs each time a lost listening connection is listening
   * again (notifications sent in between were missed).
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL type oids whose text form we turn into JS numbers (int8, numeric). */
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;
