import type { BackendEvent } from '../realtime/event-bus.js';
import type { DeviceCommand } from './device-input.js';
import type { DeviceModel, PlaybackModel } from './models.js';

/**
 * The realtime events of a listener's devices (backend-api.md §12), on the
 * `devices` channel. Only the listener's own sockets hear them (role
 * `user:<id>`): another account never sees or drives the devices.
 */
export const DEVICES_CHANNEL = 'devices';

function deviceEvent(userId: string, deviceId: string, verb: string, payload: Record<string, unknown>, nowMs: number): BackendEvent {
  return {
    events: [`devices.${deviceId}.${verb}`, `devices.*.${verb}`, `devices.${deviceId}`, 'devices.*'],
    channels: [DEVICES_CHANNEL],
    roles: [`user:${userId}`],
    payload: { $id: deviceId, ...payload },
    timestamp: new Date(nowMs).toISOString().replace('Z', '+00:00'),
  };
}

/** A device came online, reported what it plays, or was renamed; `playback` when the listener's playback changed with it. */
export const deviceUpdated = (userId: string, device: DeviceModel, playback: PlaybackModel | null, nowMs: number) =>
  deviceEvent(userId, device.$id, 'update', { kind: 'device', device, ...(playback ? { playback } : {}) }, nowMs);

/** The app was closed. */
export const deviceLeft = (userId: string, deviceId: string, nowMs: number) => deviceEvent(userId, deviceId, 'delete', { kind: 'left' }, nowMs);

/** A remote control's command, for the device `deviceId` alone to carry out. */
export const deviceCommand = (userId: string, deviceId: string, command: DeviceCommand, nowMs: number) =>
  deviceEvent(userId, deviceId, 'command', { kind: 'command', command }, nowMs);

/** Playback moves to `deviceId`: it starts `playback`, every other device stops. */
export const playbackMoved = (userId: string, deviceId: string, playback: PlaybackModel, nowMs: number) =>
  deviceEvent(userId, deviceId, 'transfer', { kind: 'transfer', playback }, nowMs);
