import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { CatalogueError } from '../../shared/lib/catalogue-client.js';
import { useClientConfig } from '../../shared/lib/catalogue-context.js';
import type { StoredUser } from '../../shared/lib/stored-user.js';
import { useSessionUser } from './session-store.js';

/** The catalogue's answer to a visitor on a private server (ACCESS=private): 401 "Sign in to listen on this server". */
export const SIGN_IN_TO_LISTEN = 'Sign in to listen on this server';

/** Addresses that stay open while the sign-in stands in for the screens: where sign-in and mailed links land. */
export const SIGN_IN_PATHS: readonly string[] = ['/callback', '/recovery', '/verify', '/join'];

const refusedToListen = (error: unknown) => error instanceof CatalogueError && error.status === 401;
const refusedQuery = (q: Query) => refusedToListen(q.state.error);

/**
 * Whether the screens give way to the sign-in: on a private server (its
 * /config.json says so) while nobody is signed in here, or once the catalogue
 * has answered 401 to the account this device holds (its session ended).
 * Signing in lifts it; the screens then load as usual.
 */
export function useMustSignIn(): boolean {
  const config = useClientConfig();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  // The user a catalogue refusal came for (null: nobody signed in); undefined: no refusal.
  const [refusedFor, setRefusedFor] = useState<StoredUser | null | undefined>(() =>
    queryClient.getQueryCache().getAll().some(refusedQuery) ? user : undefined,
  );
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && refusedToListen(event.action.error)) setRefusedFor(user);
      }),
    [queryClient, user],
  );
  // Signed in since the refusal: the queries it spoiled are asked again.
  const liftedBySignIn = refusedFor !== undefined && refusedFor !== user && user !== null;
  useEffect(() => {
    if (!liftedBySignIn) return;
    setRefusedFor(undefined);
    void queryClient.refetchQueries({ predicate: refusedQuery });
  }, [liftedBySignIn, queryClient]);
  if (refusedFor !== undefined && !liftedBySignIn) return true;
  return config.access === 'private' && user === null;
}
