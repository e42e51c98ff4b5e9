/**
 * Listening rooms (SPEC#rooms-start-join): what the app shell needs at start-up. The room page and the
 * buttons that start a room are in ui.ts (loaded when shown).
 */
export { isRoomPath } from './room-path.js';
