import type { Methods } from './call.js';

/** OpenSubsonic extensions this server implements, each at version 1. */
export const EXTENSIONS = ['formPost', 'apiKeyAuthentication', 'transcodeOffset', 'songLyrics', 'topSongsByArtistId'] as const;

export const systemMethods: Methods = {
  ping: () => ({}),
  getLicense: () => ({ license: { valid: true } }),
  getOpenSubsonicExtensions: () => ({ openSubsonicExtensions: EXTENSIONS.map((name) => ({ name, versions: [1] })) }),
  /** Who the credentials (an API key, usually) belong to. */
  tokenInfo: ({ caller }) => ({ tokenInfo: { username: caller.username } }),
};

/** Methods answered without credentials (OpenSubsonic requires it of getOpenSubsonicExtensions). */
export const PUBLIC_METHODS: ReadonlySet<string> = new Set(['getOpenSubsonicExtensions']);
