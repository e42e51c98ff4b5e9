import { Radio } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../auth/index.js';
import { startRoom } from './room-session.js';
import { useRoomStore } from './room-store.js';
import { useRoomContext } from './use-room-context.js';

/** Starts a room with what plays and opens its page; in a room already, opens that room's page. */
function useStartRoom() {
  const navigate = useNavigate();
  const ctx = useRoomContext();
  const roomId = useRoomStore((s) => (s.ended ? null : s.roomId));
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (roomId) return void navigate(`/room/${roomId}`);
    setBusy(true);
    const id = await startRoom(ctx);
    setBusy(false);
    if (id) void navigate(`/room/${id}`);
  };
  return { start, busy, label: roomId ? 'Open the listening room' : 'Start a listening room' };
}

/** "Start a listening room" in the player's More options (SPEC#rooms-start-join), for a signed-in listener. */
export function StartRoomItem({ className }: { className: string }) {
  const signedIn = useSessionUser() != null;
  const { start, label } = useStartRoom();
  if (!signedIn) return null;
  return (
    <DropdownMenu.Item className={className} onSelect={() => void start()}>
      <Radio className="size-4" aria-hidden /> {label}
    </DropdownMenu.Item>
  );
}

/** The same on the desktop player bar. */
export function StartRoomButton({ className }: { className: string }) {
  const signedIn = useSessionUser() != null;
  const { start, busy, label } = useStartRoom();
  if (!signedIn) return null;
  return (
    <button type="button" aria-label={label} title={label} disabled={busy} className={className} onClick={() => void start()}>
      <Radio className="size-5" aria-hidden />
    </button>
  );
}
