import { useQuery } from '@tanstack/react-query';
import { accountDetailsKey, useAccountApi } from '../auth/ui.js';

/** The signed-in account's email, whether it is verified, and whether two-factor is on. */
export function useAccountDetails() {
  const account = useAccountApi();
  return useQuery({ queryKey: accountDetailsKey, queryFn: async () => (await account()).get(), staleTime: 30_000 });
}
