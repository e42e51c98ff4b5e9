import type { Song } from '@lyra/contracts/catalogue';
import type { QueryClient } from '@tanstack/react-query';
import { describeFailure, type BackendApi } from '../../shared/lib/backend.js';
import type { CatalogueClient } from '../../shared/lib/catalogue-client.js';
import type { ClientConfig } from '../../shared/lib/client-config.js';
import { songQuery } from '../../shared/lib/catalogue-queries.js';
import { addToQueueElsewhere, commands, usePlayerStore } from '../player/index.js';
import { devicesApi } from './devices-api.js';
import { NO_DEVICES, useDevicesStore } from './devices-store.js';
import { showView } from './show-view.js';
import { enqueueOnRemote } from './remote-commands.js';
import { thisDeviceId } from '../../shared/lib/device-id.js';
import { fetchSongs } from './fetch-songs.js';
import {
  applyEvent,
  dueReport,
  onTransfer,
  sentOf,
  viewOfList,
  type DeviceCommand,
  type DevicesEvent,
  type LocalPlayer,
  type Playback,
  type Sent,
} from './remote-state.js';

/** How often the report is looked at (a report goes when dueReport says so). */
const TICK_MS = 5_000;

const localPlayer = (): LocalPlayer => {
  const s = usePlayerStore.getState();
  return {
    songIds: s.queue.map((song) => song.id),
    index: s.currentIndex,
    positionS: s.positionS,
    durationS: s.durationS,
    isPlaying: s.isPlaying,
    volume: s.volume,
    live: s.queue[s.currentIndex]?.live === true,
  };
};

export interface PresenceContext {
  backend: () => Promise<BackendApi>;
  catalogue: CatalogueClient;
  queryClient: QueryClient;
  config: Pick<ClientConfig, 'backendEndpoint' | 'projectId'>;
}

/**
 * For a signed-in listener, this open app is one of their devices (SPEC#devices-signed-every-open):
 * it reports what it plays (at each change and every 15 s), hears the other
 * devices on the `devices` realtime channel, carries out the commands sent to
 * it, starts the playback moved here and stops when it moves away.
 */
export function startPresence({ backend, catalogue, queryClient, config }: PresenceContext): () => void {
  const api = devicesApi(config.backendEndpoint, config.projectId);
  const selfId = thisDeviceId();
  let stopped = false;
  let last: Sent | null = null;
  let sending = false;
  let again = false;
  /** The newest move carried out (the answer to "Play on" and its realtime event are one move). */
  let lastMove = '';

  const send = async () => {
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    try {
      do {
        again = false;
        const player = localPlayer();
        const report = dueReport(player, last, Date.now());
        if (!report) break;
        last = sentOf(report, player, Date.now());
        await api.report(selfId, report);
      } while (again && !stopped);
    } catch (e) {
      // Sent again at the next tick.
      last = null;
      console.warn('Reporting this device failed:', describeFailure(e).message);
    } finally {
      sending = false;
    }
  };

  const refresh = async () => {
    const list = await api.list();
    if (!stopped) showView(viewOfList(list, Date.now()));
  };

  /** Plays the moved playback here: its song at once (shown already, so usually known), then its whole queue around it. */
  async function start(songIds: string[], currentId: string, positionMs: number, playing: boolean) {
    const began = Date.now();
    const known = queryClient.getQueryData<Song>(songQuery(catalogue, currentId).queryKey);
    const [song] = known ? [known] : await fetchSongs(catalogue, [currentId]);
    if (stopped || !song) return;
    const { actions } = usePlayerStore.getState();
    actions.playQueue([song], 0, playing);
    commands.seekTo((positionMs + (playing ? Date.now() - began : 0)) / 1000);
    if (songIds.length === 1) return;
    const songs = await fetchSongs(catalogue, songIds);
    const index = songs.findIndex((s) => s.id === currentId);
    const now = usePlayerStore.getState();
    // The same song stays current: it plays on undisturbed, with its queue around it.
    if (stopped || index < 0 || now.queue.length !== 1 || now.queue[0]?.id !== currentId) return;
    actions.playQueue(songs, index, now.isPlaying);
  }

  function moved(playback: Playback) {
    const key = `${playback.deviceId}@${playback.at}`;
    const view = applyEvent(useDevicesStore.getState().view, { kind: 'transfer', $id: playback.deviceId ?? '', playback }, Date.now());
    showView(view);
    if (key === lastMove) return;
    lastMove = key;
    const s = usePlayerStore.getState();
    const action = onTransfer(view.playback!, selfId, { songId: s.queue[s.currentIndex]?.id ?? null, isPlaying: s.isPlaying }, Date.now());
    if (action.action === 'stop') commands.pause();
    if (action.action === 'start') void start(action.songIds, action.currentId, action.positionMs, action.playing);
  }

  async function carryOut(c: DeviceCommand) {
    switch (c.command) {
      case 'play':
        return commands.play();
      case 'pause':
        return commands.pause();
      case 'next':
        return commands.next();
      case 'previous':
        return commands.previous();
      case 'seek':
        return commands.seekTo(c.positionMs / 1000);
      case 'volume':
        return commands.setVolumePercent(c.volume * 100);
      case 'enqueue': {
        const [song] = await fetchSongs(catalogue, [c.songId]);
        if (song) commands.addToQueue(song);
        return;
      }
      case 'select':
        if (usePlayerStore.getState().queue[c.index]?.id === c.songId) commands.select(c.index);
        return;
    }
  }

  const onEvent = (e: DevicesEvent) => {
    if (e.kind === 'command') {
      if (e.$id === selfId) void carryOut(e.command);
      return;
    }
    if (e.kind === 'transfer') return moved(e.playback);
    showView(applyEvent(useDevicesStore.getState().view, e, Date.now()));
  };

  const playOn = async (deviceId: string) => {
    moved(await api.playOn(deviceId));
  };
  useDevicesStore.setState({ ...NO_DEVICES, api, selfId, playOn });

  let unsubscribe: (() => void) | null = null;
  void (async () => {
    try {
      const stop = await (await backend()).subscribe(
        ['devices'],
        (e) => onEvent(e.payload as unknown as DevicesEvent),
        () => void refresh().catch(() => {}),
      );
      if (stopped) stop();
      else unsubscribe = stop;
    } catch (e) {
      console.error('Devices unavailable:', describeFailure(e).message);
    }
    await send();
    await refresh().catch((e: unknown) => console.warn('Listing devices failed:', describeFailure(e).message));
  })();

  const unsubscribePlayer = usePlayerStore.subscribe(() => void send());
  // While another device plays, 'Add to queue' anywhere in the app adds to its queue.
  const unsubscribeRemote = useDevicesStore.subscribe((s, prev) => {
    if ((s.remote === null) !== (prev.remote === null)) addToQueueElsewhere(s.remote ? (song) => void enqueueOnRemote(song.id) : null);
  });
  const tick = setInterval(() => void send(), TICK_MS);
  const leave = () => api.leave(selfId);
  // Back from the back/forward cache: report again at once (leaving removed the device).
  const back = (e: PageTransitionEvent) => {
    if (!e.persisted) return;
    last = null;
    void send();
  };
  window.addEventListener('pagehide', leave);
  window.addEventListener('pageshow', back);
  return () => {
    stopped = true;
    clearInterval(tick);
    unsubscribePlayer();
    unsubscribeRemote();
    addToQueueElsewhere(null);
    unsubscribe?.();
    window.removeEventListener('pagehide', leave);
    window.removeEventListener('pageshow', back);
    leave();
    useDevicesStore.setState(NO_DEVICES);
  };
}
