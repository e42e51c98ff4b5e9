import { describe, expect, it } from 'vitest';
import {
  afterCommand,
  applyEvent,
  DRIFT_MS,
  dueReport,
  EMPTY_VIEW,
  HEARTBEAT_MS,
  onTransfer,
  playOnLabel,
  positionNow,
  remoteOf,
  sentOf,
  viewOfList,
  type Device,
  type LocalPlayer,
  type Playback,
} from './remote-state.js';

const AT = '2026-11-27T10:00:00.000Z';
const np = (over: Partial<Device['nowPlaying'] & object> = {}) => ({ songId: 's1', index: 1, positionMs: 60_000, durationMs: 200_000, playing: true, volume: 0.8, at: AT, ...over });
const device = (id: string, name: string, nowPlaying: Device['nowPlaying'] = null): Device => ({ $id: id, name, sessionId: `session-${id}`, lastSeen: AT, nowPlaying });
const playback = (deviceId: string | null, over: Partial<Playback> = {}): Playback => ({ deviceId, songIds: ['s0', 's1', 's2'], currentId: 's1', positionMs: 60_000, playing: true, at: AT, ...over });
const player = (over: Partial<LocalPlayer> = {}): LocalPlayer => ({ songIds: ['s0', 's1', 's2'], index: 1, positionS: 60, durationS: 200, isPlaying: true, volume: 0.8, live: false, ...over });

describe('the devices list and the device that plays', () => {
  it('names each entry "Play on <name>", and "Play on this device" for the one in hand', () => {
    expect(playOnLabel(device('a', 'Chrome on GNU/Linux'), 'b')).toBe('Play on Chrome on GNU/Linux');
    expect(playOnLabel(device('b', 'Firefox on Mac'), 'b')).toBe('Play on this device');
  });

  it('takes a listed position as of the server clock of the list, then moves it on with this clock', () => {
    const view = viewOfList({ devices: [device('a', 'A', np())], playback: playback('a'), now: '2026-11-27T10:00:05.000Z' }, 1_000);
    const remote = remoteOf(view, 'b')!;
    expect(remote.device.$id).toBe('a');
    expect(remote.nowPlaying.value.positionMs).toBe(65_000);
    expect(positionNow(remote.nowPlaying, 3_000)).toBe(67_000);
    // Never past the song's end; a paused song stays.
    expect(positionNow(remote.nowPlaying, 1_000_000)).toBe(200_000);
    expect(positionNow({ value: { ...remote.nowPlaying.value, playing: false }, seenAt: 1_000 }, 9_000)).toBe(65_000);
  });

  it('has no remote when this device, none or a device not listed plays', () => {
    const list = (p: Playback | null) => viewOfList({ devices: [device('a', 'A', np()), device('b', 'B')], playback: p }, 0);
    expect(remoteOf(list(playback('b')), 'b')).toBeNull();
    expect(remoteOf(list(playback(null)), 'b')).toBeNull();
    expect(remoteOf(list(playback('gone')), 'b')).toBeNull();
    expect(remoteOf(list(null), 'b')).toBeNull();
  });

  it('follows events: devices come, report and leave; a move and a report carrying playback change who plays', () => {
    let view = applyEvent(EMPTY_VIEW, { kind: 'device', $id: 'b', device: device('b', 'B') }, 0);
    view = applyEvent(view, { kind: 'device', $id: 'a', device: device('a', 'A', np()), playback: { ...playback('a'), songIds: undefined } }, 10);
    expect(view.devices.map((d) => d.value.$id)).toEqual(['a', 'b']);
    expect(view.playback?.value).toMatchObject({ deviceId: 'a', songIds: ['s1'] });
    view = applyEvent(view, { kind: 'transfer', $id: 'a', playback: playback('a') }, 20);
    expect(remoteOf(view, 'b')?.songIds).toEqual(['s0', 's1', 's2']);
    // A report without the queue keeps the one known.
    view = applyEvent(view, { kind: 'device', $id: 'a', device: device('a', 'A', np({ index: 2, songId: 's2' })), playback: { ...playback('a', { currentId: 's2' }), songIds: undefined } }, 30);
    expect(remoteOf(view, 'b')?.songIds).toEqual(['s0', 's1', 's2']);
    expect(applyEvent(view, { kind: 'command', $id: 'a', command: { command: 'pause' } }, 40)).toBe(view);
    view = applyEvent(view, { kind: 'left', $id: 'a' }, 50);
    expect(remoteOf(view, 'b')).toBeNull();
  });

  it("shows a command's effect at once: pause stops the position where it is, seek moves it, volume sets it", () => {
    const view = viewOfList({ devices: [device('a', 'A', np())], playback: playback('a') }, 0);
    const paused = remoteOf(afterCommand(view, 'a', { command: 'pause' }, 4_000), 'b')!;
    expect(paused.nowPlaying.value).toMatchObject({ playing: false, positionMs: 64_000 });
    expect(positionNow(paused.nowPlaying, 50_000)).toBe(64_000);
    expect(remoteOf(afterCommand(view, 'a', { command: 'seek', positionMs: 120_000 }, 4_000), 'b')!.nowPlaying.value.positionMs).toBe(120_000);
    expect(remoteOf(afterCommand(view, 'a', { command: 'volume', volume: 0.3 }, 4_000), 'b')!.nowPlaying.value.volume).toBe(0.3);
    expect(afterCommand(view, 'a', { command: 'next' }, 4_000).devices[0]).toBe(view.devices[0]);
  });
});

describe('what this device reports', () => {
  it('reports at once, with its queue and a claim when it starts playing', () => {
    expect(dueReport(player(), null, 0)).toEqual({
      nowPlaying: { songId: 's1', index: 1, positionMs: 60_000, durationMs: 200_000, playing: true, volume: 0.8 },
      queue: ['s0', 's1', 's2'],
      claim: true,
    });
    expect(dueReport(player({ songIds: [], index: -1, isPlaying: false }), null, 0)).toEqual({ nowPlaying: null });
    expect(dueReport(player({ live: true }), null, 0)).toEqual({ nowPlaying: null });
  });

  it('stays quiet while the position only moves on, and reports a seek, a pause, a new song, a changed queue and the heartbeat', () => {
    const first = dueReport(player(), null, 0)!;
    const last = sentOf(first, player(), 0);
    expect(dueReport(player({ positionS: 65 }), last, 5_000)).toBeNull();
    expect(dueReport(player({ positionS: 120 }), last, 5_000)).toMatchObject({ nowPlaying: { positionMs: 120_000 } });
    const paused = dueReport(player({ positionS: 65, isPlaying: false }), last, 5_000)!;
    expect(paused).toEqual({ nowPlaying: expect.objectContaining({ playing: false }) });
    expect(dueReport(player({ index: 2, positionS: 0 }), last, 5_000)).toMatchObject({ nowPlaying: { songId: 's2', index: 2 } });
    expect(dueReport(player({ songIds: ['s0', 's1', 's2', 's3'], positionS: 65 }), last, 5_000)).toMatchObject({ queue: ['s0', 's1', 's2', 's3'] });
    expect(dueReport(player({ positionS: 60 + HEARTBEAT_MS / 1000 }), last, HEARTBEAT_MS)).toEqual({ nowPlaying: expect.objectContaining({ songId: 's1' }) });
    // Audio that stalls falls behind the clock: reported once it is DRIFT_MS behind where the last report puts it.
    expect(dueReport(player({ positionS: 65 - (DRIFT_MS - 100) / 1000 }), last, 5_000)).toBeNull();
    expect(dueReport(player({ positionS: 65 - (DRIFT_MS + 100) / 1000 }), last, 5_000)).toMatchObject({ nowPlaying: { positionMs: 65_000 - DRIFT_MS - 100 } });
    // Playing again after a pause claims the playback back.
    const afterPause = sentOf(paused, player({ isPlaying: false }), 5_000);
    expect(dueReport(player({ positionS: 65 }), afterPause, 6_000)).toMatchObject({ claim: true, queue: ['s0', 's1', 's2'] });
  });
});

describe('playback moving', () => {
  const seen = (p: Playback) => ({ value: p, seenAt: 1_000 });

  it('starts here the queue, song and position moved on since it was heard, playing or paused as it was', () => {
    expect(onTransfer(seen(playback('b')), 'b', { songId: null, isPlaying: false }, 1_400)).toEqual({
      action: 'start',
      songIds: ['s0', 's1', 's2'],
      currentId: 's1',
      positionMs: 60_400,
      playing: true,
    });
    expect(onTransfer(seen(playback('b', { playing: false })), 'b', { songId: 's9', isPlaying: true }, 9_000)).toMatchObject({ action: 'start', positionMs: 60_000, playing: false });
  });

  it('stops this device when playback moves away while it plays; its own start coming back changes nothing', () => {
    expect(onTransfer(seen(playback('a')), 'b', { songId: 's1', isPlaying: true }, 1_000)).toEqual({ action: 'stop' });
    expect(onTransfer(seen(playback('a')), 'b', { songId: 's1', isPlaying: false }, 1_000)).toEqual({ action: 'none' });
    expect(onTransfer(seen(playback('b')), 'b', { songId: 's1', isPlaying: true }, 1_000)).toEqual({ action: 'none' });
  });
});
