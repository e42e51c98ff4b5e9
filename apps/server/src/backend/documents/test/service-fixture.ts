import type { Caller } from '../../auth/caller.js';
import { silentLogger } from '../../../log.js';
import { createTestDb, type Engine, type TestDb } from '../../../test/db.js';
import type { BackendEvent, EventBus } from '../../realtime/event-bus.js';
import { loadSchema } from '../../schema/appwrite-schema.js';
import { createDocumentService, type DocumentService } from '../document-service.js';

/** A signed-in caller with the roles Appwrite gives an unverified user (backend-api.md §6). */
export const userCaller = (id: string): Caller => ({
  userId: id,
  sessionId: `s-${id}`,
  roles: ['any', `user:${id}`, 'users', `user:${id}/unverified`, 'users/unverified'],
  account: null,
});

export const guestCaller: Caller = { userId: null, sessionId: null, roles: ['any', 'guests'], account: null };

export interface ServiceFixture {
  service: DocumentService;
  t: TestDb;
  /** Every event published, in order. */
  events: BackendEvent[];
  clock: { now: number };
  close(): Promise<void>;
}

/** The document service over appwrite.json on a fresh, migrated `engine` database, with a settable clock. */
export async function serviceFixture(engine: Engine): Promise<ServiceFixture> {
  const t = await createTestDb(engine, { migrated: ['backend'] });
  const events: BackendEvent[] = [];
  const bus: EventBus = {
    publish: async (e) => void events.push(e),
    subscribe: () => () => {},
    start: async () => {},
    stop: async () => {},
  };
  const clock = { now: Date.UTC(2026, 0, 2, 3, 4, 5, 678) };
  const service = createDocumentService({ db: t.db, log: silentLogger, now: () => clock.now, schema: loadSchema(), events: bus });
  return { service, t, events, clock, close: () => t.drop() };
}
