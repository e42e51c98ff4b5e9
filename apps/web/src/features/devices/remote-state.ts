/**
 * Play on another device (SPEC#devices-signed-every-open): what this app knows of the listener's
 * devices, which one plays, and what this device reports and does. Pure: the
 * hook (use-device-presence.ts) feeds it events, player states and the clock.
 */

import type { Device, DeviceCommand, NowPlaying, Playback } from '@lyra/contracts/devices';

/** The devices API's shapes (backend-api.md §12), shared with the server. */
export type { Device, DeviceCommand, NowPlaying, Playback };

/** Positions are kept as of `seenAt`, this app's clock when it heard them (no clock of another machine is compared). */
export interface Seen<T> {
  value: T;
  seenAt: number;
}

export interface DevicesView {
  devices: Seen<Device>[];
  playback: Seen<Playback> | null;
}

export const EMPTY_VIEW: DevicesView = { devices: [], playback: null };

/** The list as GET /devices answers it; `now` is the server's clock then, so positions are as of now. */
export interface DeviceList {
  devices: Device[];
  playback: Playback | null;
  now?: string;
}

/** A device's report moved on from the server's `at` to `refAt` (both server clock). */
function nowPlayingAt(np: NowPlaying | null, refAt: string | undefined): NowPlaying | null {
  if (!np || !np.playing || !refAt) return np;
  const ahead = Math.max(0, Date.parse(refAt) - Date.parse(np.at));
  return Number.isFinite(ahead) ? { ...np, positionMs: np.positionMs + ahead } : np;
}

export function viewOfList(list: DeviceList, nowMs: number): DevicesView {
  return {
    devices: list.devices.map((d) => ({ value: { ...d, nowPlaying: nowPlayingAt(d.nowPlaying, list.now) }, seenAt: nowMs })),
    playback: list.playback ? { value: list.playback, seenAt: nowMs } : null,
  };
}

/** A `devices` channel event's payload. */
export type DevicesEvent =
  | { kind: 'device'; $id: string; device: Device; playback?: Partial<Playback> & Omit<Playback, 'songIds'> }
  | { kind: 'left'; $id: string }
  | { kind: 'command'; $id: string; command: DeviceCommand }
  | { kind: 'transfer'; $id: string; playback: Playback };

function withPlayback(view: DevicesView, p: Partial<Playback> & Omit<Playback, 'songIds'>, nowMs: number): DevicesView {
  const songIds = p.songIds ?? (view.playback?.value.deviceId === p.deviceId ? view.playback.value.songIds : [p.currentId ?? ''].filter(Boolean));
  return { ...view, playback: { value: { ...p, songIds }, seenAt: nowMs } };
}

/** The view after an event of the `devices` channel (commands change nothing here). */
export function applyEvent(view: DevicesView, e: DevicesEvent, nowMs: number): DevicesView {
  switch (e.kind) {
    case 'device': {
      const seen = { value: e.device, seenAt: nowMs };
      const known = view.devices.some((d) => d.value.$id === e.$id);
      const devices = known ? view.devices.map((d) => (d.value.$id === e.$id ? seen : d)) : [...view.devices, seen];
      const next = { ...view, devices: sortByName(devices) };
      return e.playback ? withPlayback(next, e.playback, nowMs) : next;
    }
    case 'left':
      return { ...view, devices: view.devices.filter((d) => d.value.$id !== e.$id) };
    case 'transfer':
      return withPlayback(view, e.playback, nowMs);
    default:
      return view;
  }
}

const sortByName = (ds: Seen<Device>[]) => [...ds].sort((a, b) => a.value.name.localeCompare(b.value.name) || a.value.$id.localeCompare(b.value.$id));

/** Milliseconds into the song at `nowMs`: a playing report moves on, never past the song's end. */
export function positionNow(np: Seen<Pick<NowPlaying, 'positionMs' | 'playing' | 'durationMs'>>, nowMs: number): number {
  const { positionMs, playing, durationMs } = np.value;
  const moved = playing ? positionMs + Math.max(0, nowMs - np.seenAt) : positionMs;
  return durationMs > 0 ? Math.min(moved, durationMs) : moved;
}

/** Another device that holds the listener's playback (this one shows it and drives it), or null. */
export interface Remote {
  device: Device;
  nowPlaying: Seen<NowPlaying>;
  /** Its queue, as the listener's playback has it. */
  songIds: string[];
}

export function remoteOf(view: DevicesView, selfId: string): Remote | null {
  const p = view.playback?.value;
  if (!p?.deviceId || p.deviceId === selfId) return null;
  const d = view.devices.find((x) => x.value.$id === p.deviceId);
  if (!d?.value.nowPlaying) return null;
  return { device: d.value, nowPlaying: { value: d.value.nowPlaying, seenAt: d.seenAt }, songIds: p.songIds };
}

/** What a device entry of the list says: `Play on <name>`, or `Play on this device` for the one in hand. */
export const playOnLabel = (device: Pick<Device, '$id' | 'name'>, selfId: string) => (device.$id === selfId ? 'Play on this device' : `Play on ${device.name}`);

/** This device's player, as much of it as a report needs. */
export interface LocalPlayer {
  songIds: string[];
  index: number;
  positionS: number;
  durationS: number;
  isPlaying: boolean;
  volume: number;
  /** A live stream (a radio station) is no song another device could play. */
  live: boolean;
}

export interface Report {
  nowPlaying: Omit<NowPlaying, 'at'> | null;
  queue?: string[];
  /** Set when this device just started playing: it takes the listener's playback over. */
  claim?: boolean;
}

/** The most songs a report carries (the server's bound). */
export const MAX_REPORTED_QUEUE = 5000;
/** A report goes at least this often, so the device stays online (the server keeps it 45 s). */
export const HEARTBEAT_MS = 15_000;
/**
 * How far the position may stray from where the last report puts it before a new report. Another
 * device taking the playback over starts where the last report puts it now, so this bounds how much
 * it skips or repeats when this device's audio has stalled (a slow network, a busy machine) since.
 */
export const DRIFT_MS = 500;

function nowPlayingOf(p: LocalPlayer): Report['nowPlaying'] {
  const songId = p.songIds[p.index];
  if (p.live || !songId || p.index >= MAX_REPORTED_QUEUE) return null;
  return {
    songId,
    index: p.index,
    positionMs: Math.round(p.positionS * 1000),
    durationMs: Math.round(p.durationS * 1000),
    playing: p.isPlaying,
    volume: Math.round(p.volume * 100) / 100,
  };
}

/** The last report sent and when. */
export interface Sent {
  report: Report;
  queueKey: string;
  at: number;
}

const queueKey = (ids: readonly string[]) => ids.slice(0, MAX_REPORTED_QUEUE).join(',');

/**
 * The report to send now, or null when the last one still says it all: a new
 * song, play or pause, volume, a queue changed, a jump in the position (a
 * seek), or the heartbeat due.
 */
export function dueReport(player: LocalPlayer, last: Sent | null, nowMs: number): Report | null {
  const nowPlaying = nowPlayingOf(player);
  const key = nowPlaying ? queueKey(player.songIds) : '';
  const started = nowPlaying?.playing === true && last?.report.nowPlaying?.playing !== true;
  const report: Report = {
    nowPlaying,
    ...(nowPlaying && (key !== last?.queueKey || started) ? { queue: player.songIds.slice(0, MAX_REPORTED_QUEUE) } : {}),
    ...(started ? { claim: true } : {}),
  };
  if (!last || nowMs - last.at >= HEARTBEAT_MS || key !== last.queueKey || started) return report;
  const a = last.report.nowPlaying;
  const b = nowPlaying;
  if (!a || !b) return a === b ? null : report;
  if (a.songId !== b.songId || a.index !== b.index || a.playing !== b.playing || a.volume !== b.volume || a.durationMs !== b.durationMs) return report;
  const expected = a.playing ? a.positionMs + (nowMs - last.at) : a.positionMs;
  return Math.abs(expected - b.positionMs) > DRIFT_MS ? report : null;
}

export const sentOf = (report: Report, player: LocalPlayer, nowMs: number): Sent => ({
  report,
  queueKey: report.nowPlaying ? queueKey(player.songIds) : '',
  at: nowMs,
});

/**
 * What this device does when playback moves to `playback.deviceId`: start it
 * here (the queue, the song, the position moved on since it was heard, and
 * play or pause), stop (it moved away while this one plays), or nothing.
 */
export type TransferAction = { action: 'start'; songIds: string[]; currentId: string; positionMs: number; playing: boolean } | { action: 'stop' } | { action: 'none' };

export function onTransfer(playback: Seen<Playback>, selfId: string, local: { songId: string | null; isPlaying: boolean }, nowMs: number): TransferAction {
  const p = playback.value;
  if (p.deviceId !== selfId) return local.isPlaying ? { action: 'stop' } : { action: 'none' };
  if (!p.currentId || p.songIds.length === 0) return { action: 'none' };
  // This device's own start (a claim) comes back as a move here: it already plays.
  if (local.isPlaying && local.songId === p.currentId) return { action: 'none' };
  return { action: 'start', songIds: p.songIds, currentId: p.currentId, positionMs: positionNow({ value: { ...p, durationMs: 0 }, seenAt: playback.seenAt }, nowMs), playing: p.playing };
}

/**
 * The view right after this device sent `command` to `deviceId`, before the
 * device's own report comes back: play, pause, seek and volume show at once.
 */
export function afterCommand(view: DevicesView, deviceId: string, command: DeviceCommand, nowMs: number): DevicesView {
  const devices = view.devices.map((d) => {
    const np = d.value.nowPlaying;
    if (d.value.$id !== deviceId || !np) return d;
    const positionMs = positionNow({ value: np, seenAt: d.seenAt }, nowMs);
    const changed: Partial<NowPlaying> | null =
      command.command === 'play' ? { playing: true, positionMs } :
      command.command === 'pause' ? { playing: false, positionMs } :
      command.command === 'seek' ? { positionMs: command.positionMs } :
      command.command === 'volume' ? { volume: command.volume } :
      null;
    return changed ? { value: { ...d.value, nowPlaying: { ...np, ...changed } }, seenAt: nowMs } : d;
  });
  return { ...view, devices };
}
