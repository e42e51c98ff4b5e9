import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '../auth/index.js';
import { isAdminKey, useAdminApi } from './admin-api.js';

/**
 * Whether the signed-in account is an administrator of this server (its
 * labels hold `admin`), for the Admin link. The server checks every admin call
 * itself; this only decides what is shown.
 */
export function useIsAdmin(): boolean {
  return useAdminState() === true;
}

/** useIsAdmin, with `undefined` while the answer is not known yet. */
export function useAdminState(): boolean | undefined {
  const user = useSessionUser();
  const api = useAdminApi();
  const { data } = useQuery({
    queryKey: isAdminKey(user?.$id ?? ''),
    queryFn: async () => (await api()).isAdmin(),
    enabled: user !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (user === null) return false;
  return data;
}
