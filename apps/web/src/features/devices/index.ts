/**
 * Play on another device (SPEC#devices-signed-every-open): what the app shell runs for a signed-in
 * listener (this app as one of their devices) and whether another device
 * plays. The Devices list and the remote player are in ui.ts.
 */
export { useDevicePresence } from './use-device-presence.js';
export { useRemote, useSignedInDevices } from './devices-store.js';
