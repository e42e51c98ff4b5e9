// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { makeSong, makeSongs } from '../../test/songs.js';
import { addToQueueElsewhere, commands } from './commands.js';
import { usePlayerStore } from './player-store.js';

const initial = usePlayerStore.getState();
const s = () => usePlayerStore.getState();
const ids = () => s().queue.map((q) => q.id);

beforeEach(() => {
  sessionStorage.clear();
  usePlayerStore.setState({ ...initial, queue: [], currentIndex: -1, isPlaying: false }, true);
});

describe('player commands', () => {
  it('a tile plays the whole list as the queue from the tapped song', () => {
    commands.playListAt(makeSongs(4), 2);
    expect(ids()).toEqual(['song0001', 'song0002', 'song0003', 'song0004']);
    expect(s().currentIndex).toBe(2);
    expect(s().isPlaying).toBe(true);
  });

  it('opening a song queues it after the current one, makes it current and stays paused', () => {
    commands.playListAt(makeSongs(2), 0);
    commands.pause();
    commands.openPaused(makeSong('shared1'));
    expect(ids()).toEqual(['song0001', 'shared1', 'song0002']);
    expect(s().queue[s().currentIndex]!.id).toBe('shared1');
    expect(s().isPlaying).toBe(false);
  });

  it("while another device plays, Add to queue sends the song there and leaves this queue as it was", () => {
    commands.playListAt(makeSongs(2), 0);
    const sent: string[] = [];
    addToQueueElsewhere((song) => sent.push(song.id));
    commands.addToQueue(makeSong('extra1'));
    addToQueueElsewhere(null);
    expect(sent).toEqual(['extra1']);
    expect(ids()).toEqual(['song0001', 'song0002']);
    commands.addToQueue(makeSong('extra2'));
    expect(ids()).toEqual(['song0001', 'extra2', 'song0002']);
  });
});
