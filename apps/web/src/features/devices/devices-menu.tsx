import { useQuery } from '@tanstack/react-query';
import { MonitorSpeaker } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { songQuery } from '../../shared/lib/catalogue-queries.js';
import { songTitle } from '../../shared/lib/song-view.js';
import { usePlayerStore } from '../player/index.js';
import { useDevicesStore } from './devices-store.js';
import { playOn } from './remote-commands.js';
import { showView } from './show-view.js';
import { playOnLabel, viewOfList, type Device } from './remote-state.js';

/** What a device plays, in words: the song's title, and Paused when it is. */
function Playing({ device, local }: { device: Device; local: boolean }) {
  const catalogue = useCatalogue();
  const localSong = usePlayerStore((s) => s.queue[s.currentIndex]);
  const localPlaying = usePlayerStore((s) => s.isPlaying);
  const np = device.nowPlaying;
  const song = useQuery({ ...songQuery(catalogue, np?.songId ?? ''), enabled: !local && np !== null });
  const title = local ? (localSong ? songTitle(localSong) : null) : song.data ? songTitle(song.data) : null;
  const playing = local ? localPlaying : np?.playing === true;
  if (!title) return <span className="block text-xs text-muted">Nothing playing</span>;
  return (
    <span className="block truncate text-xs text-muted">
      {playing ? '' : 'Paused · '}
      {title}
    </span>
  );
}

/**
 * SPEC#devices-signed-every-open: the button that lists the listener's devices online now,
 * which one plays and what; each entry moves playback there.
 */
export function DevicesMenu({ className = '' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const devices = useDevicesStore((s) => s.view.devices);
  const selfId = useDevicesStore((s) => s.selfId);
  const playingOn = useDevicesStore((s) => s.view.playback?.value.deviceId ?? null);
  const api = useDevicesStore((s) => s.api);
  useEffect(() => {
    // Opening the list reads it afresh (devices that went away unheard).
    if (!open || !api) return;
    void api
      .list()
      .then((list) => showView(viewOfList(list, Date.now())))
      .catch(() => {});
  }, [open, api]);
  if (!api) return null;
  const shown = devices.some((d) => d.value.$id === selfId)
    ? devices.map((d) => d.value)
    : [{ $id: selfId, name: 'This device', sessionId: '', lastSeen: '', nowPlaying: null }, ...devices.map((d) => d.value)];
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger aria-label="Devices" className={className}>
        <MonitorSpeaker className="size-5" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content side="top" align="end" sideOffset={8} className="z-50 w-72 rounded-xl bg-raised p-2 shadow-xl">
          <p className="px-2 py-1 text-sm font-bold">Devices</p>
          <ul>
            {shown.map((d) => {
              const local = d.$id === selfId;
              const active = playingOn === d.$id;
              return (
                <li key={d.$id}>
                  <button
                    type="button"
                    aria-label={playOnLabel(d, selfId)}
                    aria-current={active ? 'true' : undefined}
                    onClick={() => {
                      setOpen(false);
                      void playOn(d.$id, d.name);
                    }}
                    className="w-full rounded-lg px-2 py-2 text-left hover:bg-panel"
                  >
                    <span className={`block truncate text-sm font-semibold ${active ? 'text-accent-text' : ''}`}>
                      {local ? `${d.name === 'This device' ? 'This device' : `${d.name} (this device)`}` : d.name}
                    </span>
                    <Playing device={d} local={local} />
                  </button>
                </li>
              );
            })}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
