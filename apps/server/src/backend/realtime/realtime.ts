import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Deps } from '../../module.js';
import type { CallerResolver } from '../auth/caller.js';
import type { EventBus } from './event-bus.js';

/** The /v1/realtime websocket (backend-api.md §7). */
export interface Realtime {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  stop(): Promise<void>;
}

export function createRealtime(_deps: Deps, _ctx: { callers: CallerResolver; events: EventBus }): Realtime {
  return { upgrade: () => false, stop: async () => {} };
}
