import { lazy, Suspense, useMemo } from 'react';
import { useSignedInDevices } from '../../features/devices/index.js';
import type { PlayerChromeSlots } from '../../features/player/components/player-chrome-slots.js';

// Fetched when first shown: a signed-in listener's Devices button (SPEC#devices-signed-every-open) and the room starters (SPEC#rooms-start-join).
const DevicesMenu = lazy(async () => ({ default: (await import('../../features/devices/ui.js')).DevicesMenu }));
const StartRoomButton = lazy(async () => ({ default: (await import('../../features/rooms/ui.js')).StartRoomButton }));
const StartRoomItem = lazy(async () => ({ default: (await import('../../features/rooms/ui.js')).StartRoomItem }));

/**
 * The player's chrome from other features: the Devices button (in the mini
 * player, the desktop player bar and the phone's player screen, like
 * Spotify's device icon; only while the listener is signed in) and "Start a
 * listening room" (the bar's button and More options' item).
 */
export function usePlayerChromeSlots(): PlayerChromeSlots {
  const devices = useSignedInDevices();
  return useMemo(
    () => ({
      devices: devices
        ? (className: string) => (
            <Suspense fallback={null}>
              <DevicesMenu className={className} />
            </Suspense>
          )
        : undefined,
      startRoomButton: (className: string) => (
        <Suspense fallback={null}>
          <StartRoomButton className={className} />
        </Suspense>
      ),
      startRoomItem: (className: string) => (
        <Suspense fallback={null}>
          <StartRoomItem className={className} />
        </Suspense>
      ),
    }),
    [devices],
  );
}
