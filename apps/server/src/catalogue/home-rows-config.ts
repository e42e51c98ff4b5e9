import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HomeRowsFile, type HomeRowSpec } from '@lyra/contracts/catalogue';
import { ConfigError, type Config } from '../config.js';

/**
 * Home's catalogue rows (SPEC#home-top-bottom-shown, SPEC#limits-curated-rows). The defaults work
 * for any library: each row names sources in order and the first one that
 * yields songs fills it, ending on sources every library has.
 */
export const DEFAULT_HOME_ROWS: HomeRowSpec[] = HomeRowsFile.parse({
  rows: [
    {
      id: 'top-hits',
      title: 'Top Hits',
      kind: 'songs',
      limit: 5,
      sources: [{ type: 'search', query: 'top' }, { type: 'most-played' }],
    },
    {
      id: 'english-hots',
      title: 'English hots',
      kind: 'songs',
      limit: 10,
      sources: [
        { type: 'language', language: 'english' },
        { type: 'newest', title: 'New Arrivals' },
      ],
    },
    { id: 'most-searched', title: 'Most Searched', kind: 'songs', limit: 10, sources: [{ type: 'most-played' }] },
    { id: 'artist-hits', title: '{name} Hits', kind: 'songs', limit: 10, sources: [{ type: 'artist' }] },
    {
      id: 'language-hits',
      title: '{name} Hits',
      kind: 'songs',
      limit: 10,
      sources: [{ type: 'language' }, { type: 'genre' }],
    },
    { id: 'quick-picks', title: 'Quick Picks', kind: 'songs', layout: 'carousel', limit: 15, sources: [{ type: 'shuffle' }] },
    { id: 'curated-playlists', title: 'Made for You', kind: 'playlists', limit: 14, sources: [{ type: 'curated' }] },
    { id: 'library-playlists', title: 'Playlists', kind: 'playlists', limit: 14, sources: [{ type: 'm3u' }] },
  ],
}).rows!;

export interface HomeRowsConfig {
  featuredSongId: string | null;
  rows: HomeRowSpec[];
  /** The file it came from, or null for the defaults. */
  file: string | null;
}

/** HOME_ROWS, else DATA_DIR/home-rows.json when present. */
export function homeRowsPath(config: Pick<Config, 'HOME_ROWS' | 'DATA_DIR'>): string | null {
  if (config.HOME_ROWS) return config.HOME_ROWS;
  const inData = join(config.DATA_DIR, 'home-rows.json');
  return existsSync(inData) ? inData : null;
}

/**
 * Reads and validates the home-rows file at start-up. A missing or bad file
 * stops the server with one line naming the file and the first problem.
 */
export function loadHomeRows(config: Pick<Config, 'HOME_ROWS' | 'DATA_DIR'>): HomeRowsConfig {
  const file = homeRowsPath(config);
  if (file === null) return { featuredSongId: null, rows: DEFAULT_HOME_ROWS, file: null };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new ConfigError(`Invalid home rows file ${file}: ${(e as Error).message}`);
  }
  const parsed = HomeRowsFile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? ` at ${issue.path.map(String).join('.')}` : '';
    throw new ConfigError(`Invalid home rows file ${file}${where}: ${issue.message}`);
  }
  const rows = parsed.data.rows ?? DEFAULT_HOME_ROWS;
  const ids = new Set<string>();
  for (const row of rows) {
    if (ids.has(row.id)) throw new ConfigError(`Invalid home rows file ${file}: row id "${row.id}" is used twice`);
    ids.add(row.id);
  }
  return { featuredSongId: parsed.data.featuredSongId ?? null, rows, file };
}
