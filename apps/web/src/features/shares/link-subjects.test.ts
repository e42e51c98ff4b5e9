import { describe, expect, it } from 'vitest';
import { linkSubjects } from './link-subjects.js';
import type { ShareLink } from './share-links-api.js';

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

const link = (id: string, name: string, created: string, owner = 'ada@example.com'): ShareLink => ({
  id,
  url: `https://music.example.org/share/${id}`,
  description: null,
  created,
  expires: null,
  maxBitRate: null,
  visitCount: 0,
  what: { kind: 'album', name, songCount: 9 },
  owner,
});

const MARCH_1 = '2026-03-01T10:00:00.000Z';
const MARCH_1_LATER = '2026-03-01T15:30:00.000Z';
const MARCH_2 = '2026-03-02T10:00:00.000Z';

describe('linkSubjects', () => {
  it('names a link by what it holds while no other link in the list holds the same', () => {
    const subjects = linkSubjects([link('a', 'Night Ferry', MARCH_1), link('b', 'Lantern', MARCH_1), link('c', '', MARCH_1)]);
    expect([...subjects]).toEqual([
      ['a', 'the link to Night Ferry'],
      ['b', 'the link to Lantern'],
      ['c', 'the link to Removed from the library'],
    ]);
  });

  it('adds the day two links to the same thing were made, then the time, then a number', () => {
    const links = [
      link('a', 'Night Ferry', MARCH_1),
      link('b', 'Night Ferry', MARCH_2),
      link('c', 'Night Ferry', MARCH_1_LATER),
      link('d', 'Lantern', MARCH_2),
      link('e', 'Lantern', MARCH_2),
    ];
    const subjects = linkSubjects(links);
    expect(subjects.get('a')).toBe(`the link to Night Ferry made ${day(MARCH_1)} at ${time(MARCH_1)}`);
    expect(subjects.get('c')).toBe(`the link to Night Ferry made ${day(MARCH_1)} at ${time(MARCH_1_LATER)}`);
    expect(subjects.get('b')).toBe(`the link to Night Ferry made ${day(MARCH_2)}`);
    expect(subjects.get('d')).toBe(`the link to Lantern made ${day(MARCH_2)} at ${time(MARCH_2)} (1 of 2)`);
    expect(subjects.get('e')).toBe(`the link to Lantern made ${day(MARCH_2)} at ${time(MARCH_2)} (2 of 2)`);
    expect(new Set(subjects.values()).size).toBe(links.length);
  });

  it("in Admin's list, says whose link it is first", () => {
    const subjects = linkSubjects([link('a', 'Night Ferry', MARCH_1), link('b', 'Night Ferry', MARCH_1, 'ben@example.com'), link('c', 'Night Ferry', MARCH_2, 'ben@example.com'), link('d', 'Lantern', MARCH_1, '')], true);
    expect([...subjects]).toEqual([
      ['a', 'the link to Night Ferry by ada@example.com'],
      ['b', `the link to Night Ferry by ben@example.com made ${day(MARCH_1)}`],
      ['c', `the link to Night Ferry by ben@example.com made ${day(MARCH_2)}`],
      ['d', 'the link to Lantern'],
    ]);
  });
});
