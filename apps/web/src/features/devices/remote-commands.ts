import { toast } from '../../shared/lib/toast.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { useDevicesStore } from './devices-store.js';
import { afterCommand, remoteOf, type DeviceCommand } from './remote-state.js';
import { showView } from './show-view.js';

/** Sends a command to the device that plays the listener's playback, showing its effect at once; true once it was sent. */
export async function sendToRemote(command: DeviceCommand): Promise<boolean> {
  const { api, view, selfId } = useDevicesStore.getState();
  const remote = remoteOf(view, selfId);
  if (!api || !remote) return false;
  const deviceId = remote.device.$id;
  showView(afterCommand(view, deviceId, command, Date.now()));
  try {
    await api.command(deviceId, command);
    return true;
  } catch {
    toast.error(`Couldn't reach ${remote.device.name}`, { duration: TOAST_MS.default });
    return false;
  }
}

/** 'Add to queue' while another device plays: the song joins that device's queue. */
export async function enqueueOnRemote(songId: string): Promise<void> {
  const { view, selfId } = useDevicesStore.getState();
  const name = remoteOf(view, selfId)?.device.name;
  if (!name) return;
  if (await sendToRemote({ command: 'enqueue', songId })) toast.success(`Song added to queue on ${name}`, { duration: TOAST_MS.default });
}

/** "Play on <device>": moves the listener's playback there. */
export async function playOn(deviceId: string, name: string): Promise<void> {
  try {
    await useDevicesStore.getState().playOn(deviceId);
  } catch {
    toast.error(`Couldn't play on ${name}`, { duration: TOAST_MS.default });
  }
}
