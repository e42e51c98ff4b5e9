import { describe, expect, it } from 'vitest';
import { documentEvent } from './document-events.js';
import { endedSessions, isEnded, sessionsEndedEvent } from './session-end.js';

describe('session end events', () => {
  const at = '2026-01-02T03:04:05.678+00:00';

  it('round-trip through JSON (the bus crosses instances as JSON) and reach no subscriber', () => {
    const event = JSON.parse(JSON.stringify(sessionsEndedEvent({ userId: 'u1', sessionIds: ['s1'] }, at)));
    expect(event.channels).toEqual([]);
    expect(event.roles).toEqual([]);
    expect(endedSessions(event)).toEqual({ userId: 'u1', sessionIds: ['s1'] });
    expect(endedSessions(sessionsEndedEvent({ userId: 'u1', sessionIds: null }, at))).toEqual({ userId: 'u1', sessionIds: null });
  });

  it('are not confused with document events', () => {
    const doc = documentEvent('create', { $id: 'd', $databaseId: 'lyra', $collectionId: 'Favorite' }, ['any'], at);
    expect(endedSessions(doc)).toBeNull();
  });

  it('match the sockets of the ended sessions only', () => {
    const one = { userId: 'u1', sessionIds: ['s1'] };
    expect(isEnded(one, 'u1', 's1')).toBe(true);
    expect(isEnded(one, 'u1', 's2')).toBe(false);
    expect(isEnded(one, 'u2', 's1')).toBe(false);
    expect(isEnded(one, null, null)).toBe(false);
    expect(isEnded({ userId: 'u1', sessionIds: null }, 'u1', 's9')).toBe(true);
  });
});
