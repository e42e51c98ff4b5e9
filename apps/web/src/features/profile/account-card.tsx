import { useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import type { StoredUser } from '../../shared/lib/stored-user.js';
import { signOut } from '../auth/index.js';
import { userInitial } from './user-initial.js';

/** SPEC#profile-signed: initial-letter avatar, name, email, LogOut. */
export function AccountCard({ user }: { user: StoredUser }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const logOut = async () => {
    setBusy(true);
    try {
      await signOut(await backend(), queryClient);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="flex flex-col items-center gap-2 pt-6 text-center">
      <span aria-hidden className="grid size-20 place-items-center rounded-full bg-accent text-3xl font-bold text-white">
        {userInitial(user)}
      </span>
      <h1 className="text-2xl font-bold">{user.name || 'Listener'}</h1>
      {user.email && <p className="text-muted">{user.email}</p>}
      <button
        type="button"
        onClick={() => void logOut()}
        disabled={busy}
        className="mt-2 flex items-center gap-2 rounded-full border border-line px-5 py-2 font-medium hover:bg-raised disabled:opacity-60"
      >
        <LogOut className="size-4" aria-hidden />
        LogOut
      </button>
    </section>
  );
}
