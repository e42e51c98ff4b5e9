/** Height of the desktop player bar: the shell keeps content and the player screen clear of it. */
export const PLAYER_BAR_PX = 88;
