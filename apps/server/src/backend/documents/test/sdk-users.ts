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

/**
 * The AppwriteException fields a rejected SDK call carries. Generic so the call
 * keeps the SDK's default document type (`Models.DefaultDocument`, any data
 * fields): against a `Promise<unknown>` parameter the SDK's `Document` type
 * would be inferred as the bare `Models.Document` and refuse every data field.
 */
export async function sdkFailure<T>(p: Promise<T>): Promise<{ code: number; type: string | undefined; message: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { name?: string; code: number; type?: string; message: string };
    if (err.name === 'AppwriteException') return { code: err.code, type: err.type, message: err.message };
    throw e;
  }
  throw new Error('expected the call to fail');
}
