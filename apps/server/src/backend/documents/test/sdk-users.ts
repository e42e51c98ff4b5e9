import { ID } from 'appwrite';
import { createSdkClient, type SdkClient } from '../../test/sdk.js';

let n = 0;

/** A fresh user signed in through the SDK (email and password) in its own browser. */
export async function signedInClient(baseUrl: string, name = 'user'): Promise<SdkClient & { userId: string; email: string }> {
  const sdk = createSdkClient(baseUrl);
  const email = `${name}-${process.pid}-${++n}@example.com`;
  const user = await sdk.account.create({ userId: ID.unique(), email, password: 'password123', name });
  await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
  return Object.assign(sdk, { userId: user.$id, email });
}

/** Another browser signed in as the same user (a second device). */
export async function secondDevice(baseUrl: string, email: string): Promise<SdkClient> {
  const sdk = createSdkClient(baseUrl);
  await sdk.account.createEmailPasswordSession({ email, password: 'password123' });
  return sdk;
}
