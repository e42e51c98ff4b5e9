import { describe, expect, it } from 'vitest';
import { setQueue } from './queue.js';
import { appendSuggestions, rememberPlayed, replaceWithSuggestions, shouldFetchSuggestions, suggestionRefusal } from './suggestions.js';

const song = (id: string) => ({ id });
const queue = (list: string[], index: number) => setQueue(list.map(song), index);

describe('queue suggestions (SPEC#states-player)', () => {
  const ids = ['aaaaaa1', 'aaaaaa2', 'aaaaaa3', 'aaaaaa4'];

  it('fetches when the position is within the last two songs', () => {
    expect(shouldFetchSuggestions(queue(ids, 1), null)).toBe(false);
    expect(shouldFetchSuggestions(queue(ids, 2), null)).toBe(true);
    expect(shouldFetchSuggestions(queue(ids, 3), null)).toBe(true);
    expect(shouldFetchSuggestions(queue(['aaaaaa1'], 0), null)).toBe(true);
  });

  it('only for current ids longer than 5 characters', () => {
    expect(shouldFetchSuggestions(queue(['abcde'], 0), null)).toBe(false);
    expect(shouldFetchSuggestions(queue(['abcdef'], 0), null)).toBe(true);
  });

  it('not twice for the same song, and not on an empty queue', () => {
    expect(shouldFetchSuggestions(queue(ids, 3), 'aaaaaa4')).toBe(false);
    expect(shouldFetchSuggestions(queue(ids, 3), 'aaaaaa3')).toBe(true);
    expect(shouldFetchSuggestions(setQueue([], 0), null)).toBe(false);
  });

  it('appends suggestions, skipping played ids, queued songs and repeats', () => {
    const s = queue(['q1', 'q2', 'q3'], 2);
    const out = appendSuggestions(s, ['q2', 'p1', 'n1', 'n2', 'n1', 'q3'].map(song), ['p1']);
    expect(out.queue.map((x) => x.id)).toEqual(['q1', 'q2', 'q3', 'n1', 'n2']);
    expect(out.currentIndex).toBe(2);
  });

  it('nothing new leaves the state as it was', () => {
    const s = queue(['q1'], 0);
    expect(appendSuggestions(s, [song('q1')], [])).toBe(s);
  });

  it('the played-id set is cleaned once it holds more than 20 ids', () => {
    let played: string[] = [];
    for (let i = 1; i <= 20; i++) played = rememberPlayed(played, `id${i}`);
    expect(played).toHaveLength(20);
    expect(rememberPlayed(played, 'id5')).toHaveLength(20);
    expect(rememberPlayed(played, 'id21')).toEqual(['id21']);
  });
});

describe('suggestions button (SPEC#states-suggestions-request, SPEC#validation-suggestions)', () => {
  it('refuses with SPEC messages', () => {
    expect(suggestionRefusal(setQueue([], 0), [])).toBe('No song is currently playing');
    expect(suggestionRefusal(queue(['only11'], 0), [])).toBe('Suggestions unavailable');
    expect(suggestionRefusal(queue(['a11111', 'b11111'], 1), [])).toBe('Suggestions unavailable');
    expect(suggestionRefusal(queue(['a11111', 'b11111'], 0), ['a11111'])).toBe('Suggestions already fetched for this song');
    expect(suggestionRefusal(queue(['a11111', 'b11111'], 0), ['b11111'])).toBeNull();
  });

  it('makes the queue the current song followed by the new songs', () => {
    const s = queue(['a', 'b', 'c', 'd'], 1);
    const out = replaceWithSuggestions(s, ['c', 'x', 'y', 'x', 'b'].map(song));
    expect(out.added).toBe(2);
    expect(out.state.queue.map((q) => q.id)).toEqual(['b', 'x', 'y']);
    expect(out.state.currentIndex).toBe(0);
    expect(replaceWithSuggestions(s, [song('a'), song('d')])).toEqual({ state: s, added: 0 });
  });
});
