import { describe, expect, it } from 'vitest';
import { crossingsOf, findCrossings, tableOwners } from './seams.js';

/**
 * What modules still reach across their seams today, by file: another module's tables named in SQL (or passed
 * as a value, for SQL that takes its table as a parameter), calls over `http://internal`, and requests built for
 * another module's addresses (an in-process fetch of `/api/...`). This list only shrinks: a crossing not in it fails the test (call the other module's
 * typed functions, handed over in app.ts, instead), and so does an entry nothing crosses any more (delete it).
 */
const ALLOWED: Record<string, string[]> = {};

const owners = tableOwners();

describe('module seams', () => {
  it('no module names another module’s tables or calls it over http://internal beyond the allowed list', () => {
    const found = new Map<string, string[]>();
    for (const c of findCrossings()) found.set(c.file, [...(found.get(c.file) ?? []), c.what]);
    const crossings = [...found].map(([file, what]) => `${file}: ${what.join(', ')}`);
    const allowed = Object.entries(ALLOWED).map(([file, what]) => `${file}: ${[...what].sort().join(', ')}`);
    const added = crossings.filter((c) => !allowed.includes(c));
    const gone = allowed.filter((a) => !crossings.includes(a));
    expect({ 'crossings not allowed (use the module’s typed functions)': added, 'allowed crossings gone (delete them from ALLOWED)': gone }).toEqual({
      'crossings not allowed (use the module’s typed functions)': [],
      'allowed crossings gone (delete them from ALLOWED)': [],
    });
  });

  it('knows each module’s tables from its migrations folder', () => {
    expect(owners.get('tracks')).toBe('catalogue');
    expect(owners.get('users')).toBe('backend');
    expect(owners.get('doc_favorite')).toBe('backend');
    expect(owners.get('subsonic_plays')).toBe('subsonic');
    expect(owners.get('video_jobs')).toBe('video');
  });

  it('finds another module’s table in SQL strings, not in comments or its own tables', () => {
    const source = [
      "// reads from tracks in a comment only",
      "const a = 'select id from subsonic_stars where user_id = $1';",
      'const b = `select t.id from ${schema} join tracks t on t.id = s.id`;',
      "const c = await internal(new Request('http://internal/api/admin/rescan'));",
      'const d = "insert into video_jobs (id) values ($1)";',
    ].join('\n');
    expect(crossingsOf('subsonic/example.ts', source, owners)).toEqual([
      { file: 'subsonic/example.ts', what: 'http://internal' },
      { file: 'subsonic/example.ts', what: 'tracks' },
      { file: 'subsonic/example.ts', what: 'video_jobs' },
    ]);
    expect(crossingsOf('catalogue/example.ts', "const q = 'update tracks set title = $1';", owners)).toEqual([]);
    // A request built for another module's address, handed to an in-process fetch; its own addresses are its own.
    const asks = "const a = await api(new URL('/api/home/rows', origin)); const b = new URL(`/api/songs/${id}`, origin); const c = new URL('/assets/x.js', origin);";
    expect(crossingsOf('web/example.ts', asks, owners)).toEqual([{ file: 'web/example.ts', what: 'request to /api/' }]);
    expect(crossingsOf('catalogue/example.ts', asks, owners)).toEqual([]);
    expect(crossingsOf('subsonic/example.ts', "await hono.request('/v1/account'); fetch(`/rest/ping`);", owners)).toEqual([
      { file: 'subsonic/example.ts', what: 'request to /v1/' },
    ]);
    // A table named as a value, for SQL built around it; a folder of that name in a path is not one.
    expect(crossingsOf('subsonic/example.ts', "await existingIds(db, 'albums', ids); join(dir, 'covers', id);", owners)).toEqual([
      { file: 'subsonic/example.ts', what: 'albums (as a value)' },
    ]);
  });
});
