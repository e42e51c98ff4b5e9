import { useQuery } from '@tanstack/react-query';
import { useClientConfig } from '../../shared/lib/catalogue-context.js';
import { readClientConfig, signUpPossible, type ClientConfig } from '../../shared/lib/client-config.js';

type SignUpRules = Pick<ClientConfig, 'signUps' | 'firstAccount'>;

export const signUpRulesKey = ['sign-up-rules'] as const;

/** Who may sign up, as /config.json says now; null when it cannot be read (the rules the app started with then stand). */
export async function readSignUpRules(fetchFn: typeof fetch = (...a) => globalThis.fetch(...a)): Promise<SignUpRules | null> {
  const config = await readClientConfig(fetchFn, { cache: 'no-store' });
  if (!config) return null;
  const { signUps, firstAccount } = config;
  return { ...(signUps ? { signUps } : {}), ...(firstAccount ? { firstAccount } : {}) };
}

/**
 * Whether the sign-in dialog offers 'Create an account' (SPEC#join-administrator-s-invitation). The app's start
 * may have found a server with no account yet, whose first sign-up needs no invitation; meanwhile someone else
 * may have made it. So while that offer stands, the server's rules are read again each time the dialog opens
 * (`open`), and `recheck()` reads them after a refused sign-up; it answers whether a sign-up is still possible.
 */
export function useSignUpOffer(open: boolean, invitation?: string): { possible: boolean; recheck: () => Promise<boolean> } {
  const config = useClientConfig();
  const mayBeStale = config.firstAccount === true;
  const fresh = useQuery({ queryKey: signUpRulesKey, queryFn: () => readSignUpRules(), enabled: open && mayBeStale, staleTime: 0, refetchOnMount: 'always', retry: false });
  const possibleBy = (rules: SignUpRules | null | undefined) => signUpPossible(rules ?? config, Boolean(invitation));
  return {
    possible: possibleBy(fresh.data),
    recheck: async () => (mayBeStale ? possibleBy((await fresh.refetch()).data) : possibleBy(config)),
  };
}
