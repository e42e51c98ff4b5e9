// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { makeSong, makeSongs } from '../../test/songs.js';
import { usePlayerStore } from './player-store.js';

const initial = usePlayerStore.getState();
const s = () => usePlayerStore.getState();
const ids = () => s().queue.map((q) => q.id);

beforeEach(() => {
  sessionStorage.clear();
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
});

describe('player store', () => {
  it('a list row plays the tapped song with the next 9 queued', () => {
    s().actions.playListRow(makeSongs(30), 5);
    expect(ids()).toEqual(makeSongs(30).slice(5, 15).map((x) => x.id));
    expect(s().currentIndex).toBe(0);
    expect(s().isPlaying).toBe(true);
  });

  it('opening a shared song queues it after the current one, makes it current and stays paused', () => {
    s().actions.playQueue(makeSongs(3), 0);
    s().actions.openPaused(makeSong('shared1'));
    expect(ids()).toEqual(['song0001', 'shared1', 'song0002', 'song0003']);
    expect(s().queue[s().currentIndex]!.id).toBe('shared1');
    expect(s().isPlaying).toBe(false);
  });

  it('opening a song already queued selects it without adding it twice', () => {
    s().actions.playQueue(makeSongs(3), 0);
    s().actions.openPaused(makeSong(3));
    expect(ids()).toHaveLength(3);
    expect(s().currentIndex).toBe(2);
    expect(s().isPlaying).toBe(false);
  });

  it('adding to an empty queue makes the song current and plays it', () => {
    s().actions.addToQueue(makeSong(1));
    expect(s().currentIndex).toBe(0);
    expect(s().isPlaying).toBe(true);
  });

  it('a song change resets the position and error; the same song keeps them', () => {
    s().actions.playQueue(makeSongs(2), 0);
    s().actions.setProgress(30, 180);
    s().actions.setError('Network error occurred');
    s().actions.select(0);
    expect(s().positionS).toBe(30);
    s().actions.next();
    expect(s().positionS).toBe(0);
    expect(s().error).toBeNull();
  });

  it('songs that left the library leave the queue: the next one plays in the current one’s place, and an emptied queue stops', () => {
    s().actions.playQueue(makeSongs(4), 1);
    s().actions.setProgress(30, 180);
    const dropped = s().actions.removeSongs(['song0002', 'song0004', 'elsewhere']);
    expect(dropped.map((x) => x.id)).toEqual(['song0002', 'song0004']);
    expect(ids()).toEqual(['song0001', 'song0003']);
    expect(s().queue[s().currentIndex]!.id).toBe('song0003');
    expect(s().isPlaying).toBe(true);
    expect(s().positionS).toBe(0);
    // Kept when it plays from a decoded copy.
    expect(s().actions.removeSongs(['song0003'], true)).toEqual([]);
    expect(ids()).toEqual(['song0001', 'song0003']);
    s().actions.removeSongs(['song0001', 'song0003']);
    expect(s().queue).toEqual([]);
    expect(s().currentIndex).toBe(-1);
    expect(s().isPlaying).toBe(false);
  });

  it('keeps the volume within 0-1 and refuses to play an empty queue', () => {
    s().actions.setVolume(3);
    expect(s().volume).toBe(1);
    s().actions.setVolume(-1);
    expect(s().volume).toBe(0);
    s().actions.setPlaying(true);
    expect(s().isPlaying).toBe(false);
  });

  it('keeps only the queue, the current song id, the suggested-for id, repeat and the order before shuffling in sessionStorage', () => {
    s().actions.playQueue(makeSongs(3), 2);
    s().actions.markSuggestedFor('song0003');
    s().actions.setVolume(0.2);
    const stored = JSON.parse(sessionStorage.getItem('player')!);
    expect(Object.keys(stored.state).sort()).toEqual(['currentId', 'queue', 'repeat', 'suggestedFor', 'unshuffledOrder']);
    expect(stored.state.currentId).toBe('song0003');
    expect(stored.state.queue).toHaveLength(3);
  });

  it('restores the queue at the stored current song after a reload', async () => {
    s().actions.playQueue(makeSongs(4), 2);
    const saved = sessionStorage.getItem('player')!;
    usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
    sessionStorage.setItem('player', saved);
    await usePlayerStore.persist.rehydrate();
    expect(ids()).toHaveLength(4);
    expect(s().currentIndex).toBe(2);
    expect(s().isPlaying).toBe(false);
  });

  it('a song that ends: repeat all wraps, repeat one plays it again, repeat off stops on the first song', () => {
    s().actions.playQueue(makeSongs(3), 2);
    expect(s().repeat).toBe('all');
    s().actions.songEnded();
    expect([s().currentIndex, s().isPlaying]).toEqual([0, true]);
    s().actions.cycleRepeat();
    expect(s().repeat).toBe('one');
    s().actions.songEnded();
    expect([s().currentIndex, s().isPlaying]).toEqual([0, true]);
    s().actions.cycleRepeat();
    expect(s().repeat).toBe('off');
    s().actions.select(2);
    s().actions.songEnded();
    expect([s().currentIndex, s().isPlaying]).toEqual([0, false]);
  });

  it('shuffle keeps the current song and every other; off puts the order back; a new queue stays shuffled, tapped song first', async () => {
    s().actions.playQueue(makeSongs(6), 2);
    const order = ids();
    s().actions.toggleShuffle();
    expect(s().shuffle).toBe(true);
    expect(s().currentIndex).toBe(0);
    expect(ids()[0]).toBe(order[2]);
    expect([...ids()].sort()).toEqual([...order].sort());
    s().actions.toggleShuffle();
    expect(ids()).toEqual(order);
    expect(s().currentIndex).toBe(2);

    s().actions.toggleShuffle();
    const list = makeSongs(12);
    s().actions.playListRow(list, 1);
    expect(ids()[0]).toBe(list[1]!.id);
    expect([...ids()].sort()).toEqual(list.slice(1, 11).map((x) => x.id).sort());
    // A reload keeps shuffle on, with the order to put back.
    const saved = sessionStorage.getItem('player')!;
    usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1 }, true);
    sessionStorage.setItem('player', saved);
    await usePlayerStore.persist.rehydrate();
    expect(s().shuffle).toBe(true);
    s().actions.toggleShuffle();
    expect(ids()).toEqual(list.slice(1, 11).map((x) => x.id));
  });

  it('a damaged stored queue restores as empty', async () => {
    sessionStorage.setItem('player', '{"state":{"queue":"junk"},"version":0}');
    await usePlayerStore.persist.rehydrate();
    expect(s().queue).toEqual([]);
    expect(s().currentIndex).toBe(-1);
  });
});
