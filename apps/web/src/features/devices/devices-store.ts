import { create } from 'zustand';
import type { DevicesApi } from './devices-api.js';
import type { DevicesView, Remote } from './remote-state.js';

/**
 * The listener's devices as this app knows them (remote-state.ts), while
 * someone is signed in. Only types come from the rules here: the start-up
 * chunk carries the store, presence.ts (fetched at sign-in) fills it.
 */
interface DevicesState {
  selfId: string;
  view: DevicesView;
  /** Another device that plays the listener's playback (remoteOf the view), or null. */
  remote: Remote | null;
  api: DevicesApi | null;
  /** Moves the listener's playback to a device (set by presence.ts). */
  playOn: (deviceId: string) => Promise<void>;
}

export const NO_DEVICES = { selfId: '', view: { devices: [], playback: null }, remote: null, api: null, playOn: async () => {} } satisfies DevicesState;

export const useDevicesStore = create<DevicesState>()(() => NO_DEVICES);

/** Another device that plays the listener's playback, which this one shows and drives; null when none. */
export const useRemote = (): Remote | null => useDevicesStore((s) => s.remote);

export const useSignedInDevices = (): boolean => useDevicesStore((s) => s.api !== null);
