/** The Devices button and list, the player that drives another device, and a device's name in Profile (SPEC#devices-signed-every-open). */
export { DevicesMenu } from './devices-menu.js';
export { RemotePlayer } from './remote-player.js';
export { DeviceName } from './device-name.js';
