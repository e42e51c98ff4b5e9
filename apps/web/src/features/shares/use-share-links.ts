import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useClientConfig } from '../../shared/lib/catalogue-context.js';
import { useSessionUser } from '../auth/index.js';
import { shareLinksApi, shareLinksUrl, type NewShareLink, type ShareExpiry, type ShareLinks, type ShareLinksApi } from './share-links-api.js';

export const shareLinksKey = (userId: string) => ['share-links', userId] as const;
/** Every account's links, as an administrator reads them (Admin's 'Public links'). */
export const allShareLinksKey = (userId: string) => ['share-links', userId, 'all'] as const;

/** The server's share-links API, or the one a test gives. */
export function useShareLinksApi(given?: ShareLinksApi): ShareLinksApi {
  const config = useClientConfig();
  return useMemo(() => given ?? shareLinksApi(shareLinksUrl(config.backendEndpoint)), [given, config.backendEndpoint]);
}

/** The signed-in listener's public links and whether they may make one (nothing while signed out). */
export function useShareLinks(api: ShareLinksApi) {
  const user = useSessionUser();
  return useQuery({ queryKey: shareLinksKey(user?.$id ?? ''), queryFn: api.list, enabled: user !== null, staleTime: 60_000 });
}

/** Every account's public links, for an administrator (asked only while shown; the server refuses the others). */
export function useAllShareLinks(api: ShareLinksApi) {
  const user = useSessionUser();
  // Others make and revoke links meanwhile: read again each time the list is shown.
  return useQuery({ queryKey: allShareLinksKey(user?.$id ?? ''), queryFn: api.listAll, enabled: user !== null, refetchOnMount: 'always' });
}

/** Makes a link; the listener's list then shows it, and every account's is read again. */
export function useCreateShareLink(api: ShareLinksApi) {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (link: NewShareLink) => api.create(link),
    onSuccess: (made) => {
      queryClient.setQueryData<ShareLinks>(shareLinksKey(user?.$id ?? ''), (l) => (l ? { ...l, shares: [...l.shares, made] } : l));
      void queryClient.invalidateQueries({ queryKey: allShareLinksKey(user?.$id ?? '') });
    },
  });
}

/** Revokes a link; the lists drop it (the listener's own, and every account's an administrator reads). */
export function useRevokeShareLink(api: ShareLinksApi) {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.revoke(id),
    onSuccess: (_, id) =>
      queryClient.setQueriesData<ShareLinks>({ queryKey: shareLinksKey(user?.$id ?? '') }, (l) => (l ? { ...l, shares: l.shares.filter((s) => s.id !== id) } : l)),
  });
}

/** Changes when a link stops working; the lists show the new date. */
export function useChangeShareExpiry(api: ShareLinksApi) {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, expires }: { id: string; expires: ShareExpiry }) => api.changeExpiry(id, expires),
    onSuccess: (changed) =>
      queryClient.setQueriesData<ShareLinks>({ queryKey: shareLinksKey(user?.$id ?? '') }, (l) =>
        l ? { ...l, shares: l.shares.map((s) => (s.id === changed.id ? changed : s)) } : l,
      ),
  });
}
