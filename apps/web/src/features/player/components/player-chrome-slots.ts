import type { ReactNode } from 'react';

/**
 * What the app layer puts into the player's chrome (the mini player, the
 * desktop player bar, the player screen and its More options) from other
 * features, so the player imports none of them. Each part is given the
 * class its place styles it with; a part left out is not shown.
 */
export interface PlayerChromeSlots {
  /** The button that lists the listener's devices (SPEC#devices-signed-every-open). */
  devices?: (className: string) => ReactNode;
  /** The button that starts a listening room (the desktop player bar). */
  startRoomButton?: (className: string) => ReactNode;
  /** The same as an item of the player's More options. */
  startRoomItem?: (className: string) => ReactNode;
}
