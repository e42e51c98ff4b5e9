import type { Song } from '@lyra/contracts/catalogue';
import type { BackendApi } from '../../shared/lib/backend.js';
import { describeFailure } from '../../shared/lib/backend.js';
import type { CatalogueClient } from '../../shared/lib/catalogue-client.js';
import { toast } from '../../shared/lib/toast.js';
import { addToQueueElsewhere, commands, holdForRoom, playbackElement, playerEngine, usePlayerStore } from '../player/index.js';
import { songWithRoomKey, withRoomKey } from './room-key-urls.js';
import { keepNewer, NO_ROOM, useRoomStore } from './room-store.js';
import { localNow, RoomRequestError, roomKey, type Room, type RoomCommand, type RoomsApi } from './rooms-api.js';
import { midHandover, queueChange, steadyForChange, upNext } from './room-next.js';
import { addReading, FIRST_READINGS, READ_EVERY_MS, serverNow } from './shared-clock.js';
import { nextLead, syncStep, target } from './sync-rules.js';

/** How often the sync looks at the player. */
const SYNC_EVERY_MS = 100;
const PRESENCE_EVERY_MS = 15_000;
/** After a seek or a load, how long rate nudges alone correct (a seek is heard a little late). */
const SEEK_COOLDOWN_MS = 1_500;

export interface RoomContext {
  api: RoomsApi;
  backend: () => Promise<BackendApi>;
  catalogue: CatalogueClient;
}

interface Running {
  roomId: string;
  stop: () => void;
  ctx: RoomContext;
}
let running: Running | null = null;

const songs = new Map<string, Song>();
/** A room's song, its audio addresses carrying an anonymous guest's `key` (a private server lets it through). */
async function songOf(catalogue: CatalogueClient, id: string, key: string | null): Promise<Song | null> {
  const known = songs.get(`${key}:${id}`);
  if (known) return known;
  const [song] = await catalogue.get<Song[]>(withRoomKey(`/songs?ids=${encodeURIComponent(id)}`, key)).catch(() => [] as Song[]);
  const keyed = song ? songWithRoomKey(song, key) : null;
  if (keyed) songs.set(`${key}:${id}`, keyed);
  return keyed;
}

const failed = (e: unknown) => (e instanceof RoomRequestError ? e.message : describeFailure(e).message);

/**
 * This app in a listening room (SPEC#rooms-start-join): it joins, hears the
 * room on its realtime channel, says it is there every 15 s, measures the
 * shared clock, and plays the room's song at the room's position: it seeks
 * when far off and nudges the rate within ±2 % for small drift. 'Add to
 * queue' anywhere in the app adds to the room meanwhile. One room at a time.
 */
export async function joinRoom(ctx: RoomContext, roomId: string, name?: string): Promise<void> {
  if (running?.roomId === roomId) return;
  leaveRoom();
  useRoomStore.setState({ ...NO_ROOM, roomId });
  let answer;
  try {
    answer = await ctx.api.join(roomId, name);
  } catch (e) {
    useRoomStore.setState({ ...NO_ROOM, roomId, ended: e instanceof RoomRequestError && e.status === 410, error: failed(e) });
    return;
  }
  useRoomStore.setState({ room: answer.room, you: answer.you });
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  let leadMs = 0;
  let lastJump = -Infinity;
  let loading = false;
  /** The next song being fetched for this device's queue (room-next.ts). */
  let queueing: string | null = null;
  /** After a seek, the first in-sync reading says how late it was heard. */
  let measureLead = false;

  const ended = () => {
    if (stopped) return;
    useRoomStore.setState({ ended: true });
    stop();
    commands.pause();
  };

  const readClock = async () => {
    try {
      const r = await ctx.api.clock();
      useRoomStore.setState((s) => ({ clock: addReading(s.clock, r) }));
    } catch {
      // The next reading will do.
    }
  };

  const load = async (songId: string, playing: boolean) => {
    loading = true;
    try {
      const song = await songOf(ctx.catalogue, songId, roomKey.get(roomId));
      if (stopped || !song) return;
      const room = useRoomStore.getState().room;
      const t = room && target(room, serverNow(useRoomStore.getState().clock, localNow()));
      if (!t || t.entry.songId !== songId) return;
      // The room's next song goes in the queue too: the player prepares it ahead and hands over without a gap.
      const nextId = upNext(room, serverNow(useRoomStore.getState().clock, localNow()))?.entry.songId;
      const next = nextId ? await songOf(ctx.catalogue, nextId, roomKey.get(roomId)) : null;
      if (stopped) return;
      usePlayerStore.getState().actions.playQueue(next ? [song, next] : [song], 0, playing);
      commands.seekTo((t.positionMs + (playing ? leadMs : 0)) / 1000);
      lastJump = localNow();
      measureLead = playing;
    } finally {
      loading = false;
    }
  };

  /** Keeps the room's song and the one after it in this device's queue; a skip or a queue change replaces the prepared one. */
  const keepNextQueued = (playing: Song, nextId: string | null) => {
    const s = usePlayerStore.getState();
    const want = queueChange({ ids: s.queue.map((q) => q.id), currentIndex: s.currentIndex }, playing.id, nextId);
    if (!want || queueing === want.join()) return;
    const key = want.join();
    queueing = key;
    void (async () => {
      const next = nextId ? await songOf(ctx.catalogue, nextId, roomKey.get(roomId)) : null;
      const now = usePlayerStore.getState();
      if (!stopped && queueing === key && now.queue[now.currentIndex]?.id === playing.id && (next || !nextId)) {
        now.actions.playQueue(next ? [now.queue[now.currentIndex]!, next] : [now.queue[now.currentIndex]!], 0, now.isPlaying);
      }
      // A song that could not be had stays unprepared: the device loads it at the change, as it would without this.
      if (queueing === key && (next || !nextId)) queueing = null;
    })();
  };

  const sync = () => {
    const { room, clock } = useRoomStore.getState();
    if (!room || stopped || loading) return;
    const now = localNow();
    const roomNow = serverNow(clock, now);
    const t = target(room, roomNow);
    const s = usePlayerStore.getState();
    const song = s.queue[s.currentIndex];
    // At the song change: this device's player is handing over to the next on its audio clock.
    if (midHandover(room, roomNow, { songId: song?.id ?? null, playing: s.isPlaying })) return;
    if (t && song?.id === t.entry.songId) keepNextQueued(song, upNext(room, roomNow)?.entry.songId ?? null);
    const positionMs = (playerEngine()?.positionS() ?? 0) * 1000;
    const busy = playbackElement.busy() || s.isLoading;
    const step = syncStep(t, { songId: song?.id ?? null, positionMs, playing: s.isPlaying, busy }, leadMs);
    const cooling = now - lastJump < SEEK_COOLDOWN_MS;
    if (measureLead && t && !busy && step.action === 'rate' && now - lastJump > 300) {
      // How far behind the room the last jump was heard: the next ones go that much further.
      leadMs = nextLead(leadMs, t.positionMs - positionMs);
      measureLead = false;
    }
    switch (step.action) {
      case 'load':
        playbackElement.setRate(1);
        void load(step.songId, step.playing);
        return;
      case 'seek':
        if (cooling && s.isPlaying) return playbackElement.setRate(positionMs > (t?.positionMs ?? 0) ? 0.98 : 1.02);
        playbackElement.setRate(1);
        if (!s.isPlaying) commands.play();
        commands.seekTo(step.positionMs / 1000);
        lastJump = now;
        measureLead = true;
        return;
      case 'rate':
        return playbackElement.setRate(steadyForChange(room, roomNow) ? 1 : step.rate);
      case 'pause':
        playbackElement.setRate(1);
        commands.pause();
        commands.seekTo(step.positionMs / 1000);
        return;
      case 'stop':
        playbackElement.setRate(1);
        commands.pause();
        return;
      case 'none':
        return playbackElement.setRate(step.rate);
    }
  };

  const presence = async () => {
    try {
      const a = await ctx.api.presence(roomId);
      keepNewer(a.room);
      useRoomStore.setState({ you: a.you });
    } catch (e) {
      if (e instanceof RoomRequestError && e.status === 410) ended();
    }
  };

  const addSong = (song: Song) => void addToRoom(song);

  void (async () => {
    for (let i = 0; i < FIRST_READINGS && !stopped; i++) await readClock();
    try {
      const stopSub = await (await ctx.backend()).subscribe([`rooms.${roomId}`], (e) => {
        const p = e.payload as unknown as { kind: string; room?: Room };
        if (p.kind === 'ended') ended();
        else if (p.kind === 'room' && p.room) keepNewer(p.room);
      }, () => void presence());
      if (stopped) stopSub();
      else unsubscribe = stopSub;
    } catch (e) {
      console.error('Room events unavailable:', describeFailure(e).message);
    }
  })();

  const syncTimer = setInterval(sync, SYNC_EVERY_MS);
  const presenceTimer = setInterval(() => void presence(), PRESENCE_EVERY_MS);
  const clockTimer = setInterval(() => void readClock(), READ_EVERY_MS);
  addToQueueElsewhere(addSong);
  holdForRoom(true);

  function stop() {
    if (stopped) return;
    stopped = true;
    clearInterval(syncTimer);
    clearInterval(presenceTimer);
    clearInterval(clockTimer);
    unsubscribe?.();
    addToQueueElsewhere(null);
    holdForRoom(false);
    playbackElement.setRate(1);
    if (running?.roomId === roomId) running = null;
  }
  running = { roomId, stop, ctx };
}

/** Leaves the room this app is in (the room goes on for the others). */
export function leaveRoom(): void {
  running?.stop();
  useRoomStore.setState(NO_ROOM);
}

/** "Start a listening room": a new room hosted by this listener, with the song playing (at its position) and the rest of the queue. */
export async function startRoom(ctx: RoomContext): Promise<string | null> {
  try {
    const { room } = await ctx.api.create();
    const s = usePlayerStore.getState();
    const queue = s.queue.slice(Math.max(0, s.currentIndex), s.currentIndex + 20).filter((song) => !song.live && (song.duration ?? 0) > 0);
    const positionMs = Math.round((playerEngine()?.positionS() ?? 0) * 1000);
    for (const song of queue) await ctx.api.addSong(room.$id, song.id, Math.round(song.duration! * 1000));
    if (queue[0]?.id === s.queue[s.currentIndex]?.id && positionMs > 0) await ctx.api.command(room.$id, { command: 'seek', positionMs });
    await joinRoom(ctx, room.$id);
    return room.$id;
  } catch (e) {
    toast.error(failed(e));
    return null;
  }
}

/** Adds a song to the room's queue (a guest not signed in: up to 3). */
export async function addToRoom(song: Song): Promise<void> {
  const r = running;
  if (!r) return;
  if (!song.duration || song.live) {
    toast.error('This song cannot be added to the room.');
    return;
  }
  try {
    const a = await r.ctx.api.addSong(r.roomId, song.id, Math.round(song.duration * 1000));
    keepNewer(a.room);
    useRoomStore.setState({ you: a.you });
    toast.success('Song added to the room');
  } catch (e) {
    toast.error(failed(e));
  }
}

/** The host's controls: remove a song, skip, pause, play, end the room. */
export async function hostCommand(command: RoomCommand | { command: 'remove'; entryId: string } | { command: 'end' }): Promise<void> {
  const r = running;
  if (!r) return;
  try {
    if (command.command === 'end') {
      await r.ctx.api.end(r.roomId);
      roomKey.drop(r.roomId);
      useRoomStore.setState({ ended: true });
      r.stop();
      commands.pause();
      return;
    }
    const a = command.command === 'remove' ? await r.ctx.api.removeSong(r.roomId, command.entryId) : await r.ctx.api.command(r.roomId, command);
    keepNewer(a.room);
  } catch (e) {
    toast.error(failed(e));
  }
}

export const inRoom = (): string | null => running?.roomId ?? null;
