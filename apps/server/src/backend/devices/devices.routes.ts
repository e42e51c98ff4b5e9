import { Hono } from 'hono';
import type { Deps } from '../../module.js';
import { parseUserAgent } from '../accounts/user-agent.js';
import { sessionsStore } from '../accounts/sessions.store.js';
import { requireUser, type BackendEnv } from '../auth/caller.js';
import { AppwriteError } from '../http/errors.js';
import { checkId, readBody } from '../http/params.js';
import { clientIp, userAgent } from '../http/request-info.js';
import type { EventBus } from '../realtime/event-bus.js';
import { deviceCommand, deviceLeft, deviceUpdated, playbackMoved } from './device-events.js';
import { deviceIdParam, parseCommand, parseName, parseReport, type DeviceReport } from './device-input.js';
import { createDeviceLimits, MAX_DEVICES_ONLINE } from './device-limits.js';
import { devicesStore, FORGET_MS, ONLINE_MS, type DeviceRow } from './devices.store.js';
import { deviceModel, playbackModel, type PlaybackModel } from './models.js';
import { playStatesStore, positionAt, type PlayState } from './play-states.js';

const notFound = () => new AppwriteError(404, 'device_not_found', 'No device of yours with the requested ID is online.');
const nothingToMove = () => new AppwriteError(400, 'device_nothing_playing', 'Nothing is playing to move.');

/** A device's name from its browser and system (`Chrome on GNU/Linux`), as Profile's devices list writes them. */
export function deviceName(ua: string): string {
  const f = parseUserAgent(ua);
  if (f.clientName && f.osName) return `${f.clientName} on ${f.osName}`;
  return f.clientName || f.osName || 'Unknown device';
}

/** How far a reported position may stray from where the last report puts it before the others hear of it. */
const DRIFT_MS = 2_000;

/** Whether others should hear of this report: something changed beyond the position moving on. */
function changed(before: DeviceRow | null, online: boolean, report: DeviceReport, nowMs: number): boolean {
  if (!before || !online || report.queue) return true;
  const a = before.nowPlaying;
  const b = report.nowPlaying;
  if (!a || !b) return a !== b;
  if (a.songId !== b.songId || a.index !== b.index || a.playing !== b.playing || a.volume !== b.volume || a.durationMs !== b.durationMs) return true;
  const expected = a.playing ? a.positionMs + (nowMs - Date.parse(a.at)) : a.positionMs;
  return Math.abs(expected - b.positionMs) > DRIFT_MS;
}

/**
 * Play on another device (backend-api.md §12): the listener's devices online,
 * what each plays, moving playback between them and remote control. A device
 * reports itself every 15 s and at each change (PUT); the others hear of it,
 * and of commands for them, on the `devices` realtime channel.
 */
export function deviceRoutes(deps: Deps, { events }: { events: EventBus }) {
  const routes = new Hono<BackendEnv>();
  const devices = devicesStore(deps.db);
  const states = playStatesStore(deps.db);
  const sessions = sessionsStore(deps.db);
  const limits = createDeviceLimits(deps);
  const since = (nowMs: number) => new Date(nowMs - ONLINE_MS);
  let lastForget = 0;

  async function onlineDevice(userId: string, id: string, nowMs: number): Promise<DeviceRow> {
    const d = await devices.get(userId, id);
    if (!d || d.lastSeen < since(nowMs)) throw notFound();
    return d;
  }

  const playbackOf = (s: PlayState | null, nowMs: number): PlaybackModel | null => (s && s.songIds.length > 0 ? playbackModel(s, nowMs) : null);

  routes.get('/v1/devices', async (c) => {
    const { userId } = requireUser(c.get('caller'));
    const now = deps.now();
    const [list, state] = await Promise.all([devices.online(userId, since(now)), states.get(userId)]);
    return c.json({ total: list.length, devices: list.map(deviceModel), playback: playbackOf(state, now), now: new Date(now).toISOString() });
  });

  routes.get('/v1/devices/names', async (c) => {
    const { userId } = requireUser(c.get('caller'));
    const names = await devices.names(userId);
    return c.json({ total: names.length, names });
  });

  routes.put('/v1/devices/names/:sessionId', async (c) => {
    const { userId } = requireUser(c.get('caller'));
    const sessionId = checkId('sessionId', c.req.param('sessionId'));
    const name = parseName(await readBody(c));
    const now = deps.now();
    if (!(await sessions.getLive(sessionId, userId, new Date(now)))) {
      throw new AppwriteError(404, 'user_session_not_found', 'The current user session could not be found.');
    }
    await limits.command(userId, clientIp(c, deps.config));
    await devices.rename(userId, sessionId, name);
    for (const d of await devices.online(userId, since(now))) {
      if (d.sessionId === sessionId) await events.publish(deviceUpdated(userId, deviceModel(d), null, now));
    }
    return c.json({ sessionId, name });
  });

  routes.put('/v1/devices/:deviceId', async (c) => {
    const caller = requireUser(c.get('caller'));
    const { userId } = caller;
    const id = deviceIdParam(c.req.param('deviceId'));
    const body = await readBody(c);
    const claim = body.claim === true;
    const report = parseReport(body);
    await limits.report(userId);
    const now = deps.now();
    const at = new Date(now);
    const before = await devices.get(userId, id);
    const wasOnline = before !== null && before.lastSeen >= since(now);
    if (!wasOnline && (await devices.othersOnline(userId, id, since(now))) >= MAX_DEVICES_ONLINE) {
      throw new AppwriteError(429, 'general_rate_limit_exceeded', `An account can have at most ${MAX_DEVICES_ONLINE} devices online.`, ONLINE_MS / 1000);
    }
    if (now - lastForget > 3600_000) {
      lastForget = now;
      await devices.forgetBefore(new Date(now - FORGET_MS));
    }
    const np = report.nowPlaying;
    await devices.seen(userId, { id, sessionId: caller.sessionId, name: deviceName(userAgent(c)), at, nowPlaying: np ? { ...np, at: at.toISOString() } : null });
    const device = (await devices.get(userId, id))!;

    // The listener's playback follows the device that plays it, or one that starts playing (claim).
    const state = await states.get(userId);
    const active = state?.deviceId === id;
    let playback: PlaybackModel | null = null;
    let moved = false;
    if (np && (active || (claim && np.playing) || (np.playing && !(await activeElsewhere(state, userId, now))))) {
      const next: PlayState = {
        songIds: report.queue ?? (active ? (state?.songIds ?? []) : [np.songId]),
        currentId: np.songId,
        positionMs: np.positionMs,
        playing: np.playing,
        deviceId: id,
        changedAt: at,
        changedBy: device.name,
      };
      await states.put(userId, next);
      moved = !active;
      playback = playbackModel(next, now);
    } else if (!np && active && state) {
      await states.put(userId, { ...state, positionMs: positionAt(state, now), playing: false, deviceId: null, changedAt: at });
    }
    const model = deviceModel(device);
    if (moved && playback) await events.publish(playbackMoved(userId, id, playback, now));
    if (changed(before, wasOnline, report, now)) {
      const shown = playback && !report.queue && !moved ? { ...playback, songIds: undefined } : playback;
      await events.publish(deviceUpdated(userId, model, shown as PlaybackModel | null, now));
    }
    return c.json({ device: model, playback });
  });

  /** Whether another online device is playing the listener's playback (a stale report must not take it over). */
  async function activeElsewhere(state: PlayState | null, userId: string, now: number): Promise<boolean> {
    if (!state?.deviceId || !state.playing) return false;
    const d = await devices.get(userId, state.deviceId);
    return d !== null && d.lastSeen >= since(now);
  }

  routes.delete('/v1/devices/:deviceId', async (c) => {
    const { userId } = requireUser(c.get('caller'));
    const id = deviceIdParam(c.req.param('deviceId'));
    const now = deps.now();
    if (!(await devices.remove(userId, id))) throw notFound();
    const state = await states.get(userId);
    if (state?.deviceId === id) {
      await states.put(userId, { ...state, positionMs: positionAt(state, now), playing: false, deviceId: null, changedAt: new Date(now) });
    }
    await events.publish(deviceLeft(userId, id, now));
    return c.body(null, 204);
  });

  routes.post('/v1/devices/:deviceId/commands', async (c) => {
    const { userId } = requireUser(c.get('caller'));
    const id = deviceIdParam(c.req.param('deviceId'));
    const command = parseCommand(await readBody(c));
    await limits.command(userId, clientIp(c, deps.config));
    const now = deps.now();
    await onlineDevice(userId, id, now);
    await events.publish(deviceCommand(userId, id, command, now));
    return c.json({ deviceId: id, ...command }, 202);
  });

  /** "Play on <device>": the listener's playback moves there; the device that played it stops. */
  routes.post('/v1/devices/:deviceId/playback', async (c) => {
    const { userId } = requireUser(c.get('caller'));
    const id = deviceIdParam(c.req.param('deviceId'));
    await readBody(c);
    await limits.command(userId, clientIp(c, deps.config));
    const now = deps.now();
    const target = await onlineDevice(userId, id, now);
    const state = await states.get(userId);
    if (!state || state.songIds.length === 0) throw nothingToMove();
    const next: PlayState = { ...state, positionMs: positionAt(state, now), deviceId: id, changedAt: new Date(now), changedBy: target.name };
    await states.put(userId, next);
    const playback = playbackModel(next, now);
    await events.publish(playbackMoved(userId, id, playback, now));
    return c.json(playback);
  });

  return routes;
}
