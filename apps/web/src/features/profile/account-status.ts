import type { ClientConfig } from '../../shared/lib/client-config.js';

/**
 * Deactivates the signed-in account (SPEC#account-api-product-itself-uses `PATCH /account/status`) through
 * the official SDK, loaded on first use: the backend blocks the account, ends
 * every session and clears the session cookies.
 */
export async function deactivateAccount(config: Pick<ClientConfig, 'backendEndpoint' | 'projectId'>): Promise<void> {
  const { Account, Client } = await import('appwrite');
  const endpoint = new URL(config.backendEndpoint, window.location.origin).href.replace(/\/+$/, '');
  await new Account(new Client().setEndpoint(endpoint).setProject(config.projectId)).updateStatus();
}
