/**
 * The one way the app reads the catalogue. SPEC#product-song-catalogue-data: every call goes to the
 * configured mirror hosts in turn; a host whose response is not ok (or whose
 * request fails) hands over to the next. The envelope is unwrapped here, so
 * callers get `data` and never see which mirror answered.
 */
export class CatalogueError extends Error {
  constructor(
    message: string,
    /** HTTP status of the last host tried; 0 when no host answered at all. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'CatalogueError';
  }
}

export interface CatalogueClient {
  /** Names the host list; every catalogue query key starts with it (style.md §7.5 rule 7). */
  readonly hostId: string;
  readonly hosts: readonly string[];
  /** GET `path` (e.g. `/songs/abc`) and return the envelope's `data`. */
  get<T>(path: string, options?: { signal?: AbortSignal }): Promise<T>;
}

/** Body shapes we accept: `{success, data}`, the Express-era `{status, data}`, the oldest `{results}`. */
function unwrap(body: unknown): { ok: true; data: unknown } | { ok: false; message: string } {
  if (!body || typeof body !== 'object') return { ok: false, message: 'Malformed catalogue response' };
  const b = body as Record<string, unknown>;
  if (b.success === false || b.status === 'FAILED') {
    return { ok: false, message: typeof b.message === 'string' ? b.message : 'Catalogue request failed' };
  }
  if ('data' in b && b.data != null) return { ok: true, data: b.data };
  if ('results' in b && b.results != null) return { ok: true, data: b.results };
  return { ok: false, message: 'Malformed catalogue response' };
}

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

export function createCatalogueClient(hosts: readonly string[], fetchFn: typeof fetch = (...a) => fetch(...a)): CatalogueClient {
  const bases = hosts.map((h) => h.replace(/\/+$/, ''));
  if (bases.length === 0) throw new Error('At least one catalogue host is required');
  return {
    hostId: bases.join('|'),
    hosts: bases,
    async get<T>(path: string, options: { signal?: AbortSignal } = {}): Promise<T> {
      let last = new CatalogueError('Catalogue unavailable', 0);
      for (const base of bases) {
        options.signal?.throwIfAborted();
        try {
          const res = await fetchFn(base + path, { signal: options.signal, headers: { accept: 'application/json' } });
          if (!res.ok) {
            last = new CatalogueError(`${res.status} from ${base}`, res.status);
            continue;
          }
          const body = unwrap(await res.json());
          if (body.ok) return body.data as T;
          last = new CatalogueError(body.message, res.status);
        } catch (e) {
          if (isAbort(e)) throw e;
          last = new CatalogueError(e instanceof Error ? e.message : String(e), 0);
        }
      }
      throw last;
    },
  };
}
