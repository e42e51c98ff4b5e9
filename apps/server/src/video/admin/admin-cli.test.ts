import { describe, expect, it } from 'vitest';
import { parseCommand, UsageError } from './admin-cli.js';

describe('admin command line', () => {
  it('reads the four video commands, making the file absolute', () => {
    expect(parseCommand(['video', 'add', 's1', 'clips/a.mp4'], '/home/me')).toEqual({
      name: 'add',
      songId: 's1',
      file: '/home/me/clips/a.mp4',
    });
    expect(parseCommand(['video', 'list'])).toEqual({ name: 'list' });
    expect(parseCommand(['video', 'remove', 's1'])).toEqual({ name: 'remove', songId: 's1' });
    expect(parseCommand(['video', 'render', 's1'])).toEqual({ name: 'render', songId: 's1' });
  });

  it('explains what is wrong with a bad command line', () => {
    const cases: [string[], string][] = [
      [['video', 'add', 's1'], 'video add takes <songId> <file>'],
      [['video', 'list', 'extra'], 'video list takes no arguments'],
      [['video', 'remove'], 'video remove takes <songId>'],
      [['video', 'play', 's1'], 'unknown command video "play"'],
      [['video'], 'missing command'],
      [['users', 'list'], 'unknown area "users": only "video" is supported'],
    ];
    for (const [argv, message] of cases) {
      expect(() => parseCommand(argv), argv.join(' ')).toThrow(new UsageError(message));
    }
  });

  it('treats no arguments or help as a request for the usage text', () => {
    for (const argv of [[], ['help'], ['--help']]) expect(() => parseCommand(argv)).toThrow(new UsageError(''));
  });
});
