import { useDevicesStore } from './devices-store.js';
import { remoteOf, type DevicesView } from './remote-state.js';

/** Shows a new view of the devices, and which other device plays, if any. */
export function showView(view: DevicesView): void {
  useDevicesStore.setState((s) => ({ view, remote: remoteOf(view, s.selfId) }));
}
