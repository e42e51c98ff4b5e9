import type { Queryable, Row, Tx } from '../../../db/db.js';
import type { Caller } from '../../auth/caller.js';
import type { AppwriteError } from '../../http/errors.js';
import type { Collection, Schema } from '../../schema/appwrite-schema.js';

/**
 * Server-side rules for one collection, beyond attributes and permissions
 * (DESIGN.md §7: rules the original enforced only on the device are also
 * enforced by the server). Hooks run inside the write's transaction.
 */
export interface RuleContext {
  tx: Tx;
  caller: Caller;
  collection: Collection;
  schema: Schema;
  now: number;
  /** Whether a song is in the catalogue (null: this server has none to ask); handed over by app.ts. */
  songExists: SongExists;
}

/**
 * Asks the catalogue whether `songId` names one of its songs; null when there is no catalogue to ask.
 * It reads through `db`, the write's transaction: PGlite has one connection, which the transaction holds.
 */
export type SongExists = (songId: string, db: Queryable) => Promise<boolean | null>;

/** Documents a rule deleted along with the one asked for (cascades), for realtime events. */
export interface Cascade {
  collection: Collection;
  rows: Row[];
}

export interface CollectionRules {
  /** Attributes only the server writes: a client setting one gets a 400. */
  serverAttributes?: readonly string[];
  /** When set, documents clients create get exactly these permissions and may not name their own. */
  fixedPermissions?: (caller: Caller) => string[];
  /** The error for a duplicate in a unique index, by index key (default: document_already_exists). */
  duplicate?: Readonly<Record<string, () => AppwriteError>>;
  /** Checks (and may complete) the data of a new document; runs before the insert. */
  beforeCreate?(ctx: RuleContext, data: Record<string, unknown>): Promise<void>;
  /** Checks the changed attributes of an update against the current row. */
  beforeUpdate?(ctx: RuleContext, current: Row, changes: Record<string, unknown>): Promise<void>;
  /** Runs after a delete, in the same transaction; returns what it deleted too. */
  afterDelete?(ctx: RuleContext, deleted: Row): Promise<Cascade[]>;
}

/** Runs several rule sets as one (hooks in order, lists merged). */
export function combineRules(...sets: CollectionRules[]): CollectionRules {
  const fixed = sets.find((s) => s.fixedPermissions)?.fixedPermissions;
  return {
    serverAttributes: sets.flatMap((s) => s.serverAttributes ?? []),
    ...(fixed ? { fixedPermissions: fixed } : {}),
    duplicate: Object.assign({}, ...sets.map((s) => s.duplicate ?? {})),
    async beforeCreate(ctx, data) {
      for (const s of sets) await s.beforeCreate?.(ctx, data);
    },
    async beforeUpdate(ctx, current, changes) {
      for (const s of sets) await s.beforeUpdate?.(ctx, current, changes);
    },
    async afterDelete(ctx, deleted) {
      const all: Cascade[] = [];
      for (const s of sets) all.push(...((await s.afterDelete?.(ctx, deleted)) ?? []));
      return all;
    },
  };
}
