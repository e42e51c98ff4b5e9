/** Listening rooms (SPEC#rooms-start-join): the room page and the buttons that start one. */
export { RoomScreen } from './room-screen.js';
export { StartRoomButton, StartRoomItem } from './start-room-button.js';
