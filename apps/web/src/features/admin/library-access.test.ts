import { describe, expect, it } from 'vitest';
import { nextAccess } from './library-access.js';

const library = { $id: 'books', name: 'Audiobooks', folder: '/srv/books', everyone: false, userIds: ['a', 'b'] };

describe('nextAccess', () => {
  it('opens a library to everyone or to nobody but administrators', () => {
    expect(nextAccess(library, { everyone: true })).toBeNull();
    expect(nextAccess({ ...library, everyone: true, userIds: [] }, { everyone: false })).toEqual([]);
  });

  it('adds or removes one account, keeping the others', () => {
    expect(nextAccess(library, { userId: 'c', granted: true })).toEqual(['a', 'b', 'c']);
    expect(nextAccess(library, { userId: 'a', granted: false })).toEqual(['b']);
    expect(nextAccess(library, { userId: 'a', granted: true })).toEqual(['b', 'a']);
  });
});
