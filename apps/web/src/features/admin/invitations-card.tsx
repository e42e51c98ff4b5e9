import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useClientConfig } from '../../shared/lib/catalogue-context.js';
import { copyText } from '../../shared/lib/clipboard.js';
import { SelectOptions } from '../../shared/ui/select-options.js';
import { adminKey, useAdminApi } from './admin-api.js';
import { Card, smallButton } from './admin-ui.js';
import { invitationLine } from './format.js';
import { FailureAlert } from './failure-alert.js';

const invitationsKey = [...adminKey, 'invitations'] as const;
const VALID_FOR = [
  { value: 24, label: '1 day' },
  { value: 24 * 7, label: '7 days' },
  { value: 24 * 30, label: '30 days' },
] as const;

/** Admin › Users › Invite: make an invitation link (one use or several, with an expiry) and see the others. */
export function InvitationsCard() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const signUps = useClientConfig().signUps ?? 'open';
  const [link, setLink] = useState<string | null>(null);
  const invitations = useQuery({ queryKey: invitationsKey, queryFn: async () => (await api()).listInvitations() });
  const refresh = () => queryClient.invalidateQueries({ queryKey: invitationsKey });
  const create = useMutation({
    mutationFn: async ({ uses, hours }: { uses: number; hours: number }) => (await api()).createInvitation(uses, hours),
    onSuccess: (made) => setLink(made.link),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: async (id: string) => (await api()).deleteInvitation(id), onSettled: refresh });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    create.mutate({ uses: Number(form.get('uses')), hours: Number(form.get('hours')) });
  };

  return (
    <Card title="Invite">
      <p className="mt-1 text-sm text-muted">
        {signUps === 'invite'
          ? 'Only people with an invitation link can make an account on this server.'
          : signUps === 'open'
            ? 'Anyone can make an account on this server; an invitation link also works.'
            : 'Sign-ups are closed on this server: invitation links do not work until SIGNUPS is invite.'}
      </p>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col gap-1">
          Uses
          <input name="uses" type="number" min={1} max={1000} defaultValue={1} required className="w-20 rounded-lg border border-line bg-surface px-2 py-1" />
        </label>
        <label className="flex flex-col gap-1">
          Valid for
          <select name="hours" defaultValue={24 * 7} className="rounded-lg border border-line bg-surface px-2 py-1">
            <SelectOptions options={VALID_FOR} />
          </select>
        </label>
        <button type="submit" disabled={create.isPending} className={smallButton}>
          Create invitation link
        </button>
      </form>
      <FailureAlert error={create.error} />
      {link && (
        <div className="mt-3 flex flex-wrap items-end gap-2 text-sm">
          <label className="flex min-w-0 flex-1 flex-col gap-1">
            Invitation link
            <input readOnly value={link} className="w-full rounded-lg border border-line bg-surface px-2 py-1 text-xs" onFocus={(e) => e.currentTarget.select()} />
          </label>
          <button type="button" className={smallButton} onClick={() => void copyText(link)}>
            Copy link
          </button>
        </div>
      )}
      {invitations.data && invitations.data.length > 0 && (
        <ul className="mt-3 text-sm" aria-label="Invitations">
          {invitations.data.map((i) => (
            <li key={i.$id} className="flex items-center justify-between gap-2 border-b border-line/60 py-1.5 last:border-0">
              <span>{invitationLine(i)}</span>
              <button type="button" className={smallButton} disabled={remove.isPending} onClick={() => remove.mutate(i.$id)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
