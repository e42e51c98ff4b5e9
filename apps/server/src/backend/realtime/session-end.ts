import type { BackendEvent } from './event-bus.js';

/**
 * Accounts tell realtime that sessions ended (sign-out, a session deleted,
 * every session deleted) through the event bus, so sockets on every server
 * instance hear it. The event has no channels and no roles: no subscriber
 * can receive it as a frame.
 */
export const SESSIONS_ENDED = 'lyra.sessions.ended';

export interface EndedSessions {
  userId: string;
  /** null: every session of the user. */
  sessionIds: string[] | null;
}

export function sessionsEndedEvent(ended: EndedSessions, timestamp: string): BackendEvent {
  return { events: [SESSIONS_ENDED], channels: [], roles: [], payload: { ...ended }, timestamp };
}

/** The sessions an event ends, or null when it is an ordinary event. */
export function endedSessions(event: BackendEvent): EndedSessions | null {
  if (event.events[0] !== SESSIONS_ENDED || event.channels.length > 0) return null;
  const { userId, sessionIds } = event.payload as { userId?: unknown; sessionIds?: unknown };
  if (typeof userId !== 'string') return null;
  if (sessionIds === null) return { userId, sessionIds: null };
  if (!Array.isArray(sessionIds) || !sessionIds.every((s) => typeof s === 'string')) return null;
  return { userId, sessionIds: sessionIds as string[] };
}

/** Whether a socket signed in as (userId, sessionId) belongs to the ended sessions. */
export function isEnded(ended: EndedSessions, userId: string | null, sessionId: string | null): boolean {
  if (userId === null || userId !== ended.userId) return false;
  return ended.sessionIds === null || (sessionId !== null && ended.sessionIds.includes(sessionId));
}
