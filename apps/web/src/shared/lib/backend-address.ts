/**
 * Addresses stored in backend documents are site-relative (`/videos/{id}/preview.mp4`,
 * DESIGN §8), so a document stays right whatever name, port or proxy the server
 * is reached by. The app resolves them against the backend it talks to (its
 * endpoint may itself be relative to the page, e.g. '/v1'). Absolute addresses
 * (a hosted backend's, older documents) stay as they are.
 */
export function backendAddress(address: string, backendEndpoint: string, pageOrigin: string = globalThis.location?.origin ?? 'http://localhost'): string {
  if (!address) return address;
  try {
    return new URL(address, new URL(backendEndpoint, pageOrigin)).href;
  } catch {
    return address;
  }
}
