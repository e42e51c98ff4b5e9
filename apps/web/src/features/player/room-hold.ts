/**
 * A listening room holds the player to the room's timeline (on) or lets it go
 * (off). Meanwhile each song plays to its end and the queue's next follows on
 * the audio clock without a crossfade, whatever the repeat setting, so the
 * hand-over falls where the room's next song starts; and the queue takes no
 * suggestions: the room says what follows.
 */
let held = false;

export function holdForRoom(on: boolean): void {
  held = on;
}

export const heldForRoom = (): boolean => held;
