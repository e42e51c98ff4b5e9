import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('config', () => {
  it('has working defaults for every variable', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATA_DIR).toMatch(/data$/);
    expect(c.MUSIC_DIR).toBe(c.DATA_DIR + '/demo-music');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.SCAN_WATCH).toBe('on');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['VIDEO_WORKER', 'maybe'],
    ['ALLOWED_ORIGINS', 'ftp://x'],
    ['VIDEO_S3_BUCKET', 'My Bucket'],
    ['VIDEO_S3_ENDPOINT', 'minio:9000'],
    ['VIDEO_S3_ENDPOINT', 'ftp://minio:9000'],
    ['VIDEO_S3_REGION', 'us east'],
    ['VIDEO_S3_PREFIX', '/videos/'],
    ['VIDEO_S3_FORCE_PATH_STYLE', 'yes'],
    ['TRUST_PROXY', 'proxy.example'],
    ['TRUST_PROXY', '10.0.0.0/99'],
    ['ACCEL_REDIRECT', '_media/'],
    ['ACCEL_REDIRECT', '/_media'],
    ['ACCEL_REDIRECT', '/a/../b/'],
    ['ACCESS', 'friends'],
    ['SIGNUPS', 'maybe'],
    ['SHARES', 'nobody'],
    ['MUSIC_DIRS', '/srv/music'],
    ['MUSIC_DIRS', '=/srv/music'],
    ['MUSIC_DIRS', 'Music='],
    ['MUSIC_DIRS', ';;'],
    ['MUSIC_DIRS', '!!=/srv/music'],
    ['MUSIC_DIRS', 'Music=/srv/a;music=/srv/b'],
    ['MUSIC_DIRS', 'Music=/srv/music;Live=/srv/music/live'],
  ])('rejects a bad %s with one line naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(new RegExp(`^Invalid ${name}`));
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      expect(String((e as Error).message)).not.toContain('\n');
    }
  });

  it('is public with open sign-ups unless ACCESS=private, which takes invited sign-ups only unless SIGNUPS says otherwise', () => {
    expect(loadConfig({})).toMatchObject({ ACCESS: 'public', SIGNUPS: 'open' });
    expect(loadConfig({ SIGNUPS: 'closed' })).toMatchObject({ ACCESS: 'public', SIGNUPS: 'closed' });
    expect(loadConfig({ SIGNUPS: 'invite' })).toMatchObject({ ACCESS: 'public', SIGNUPS: 'invite' });
    expect(loadConfig({ ACCESS: 'private' })).toMatchObject({ ACCESS: 'private', SIGNUPS: 'invite' });
    expect(loadConfig({ ACCESS: 'private', SIGNUPS: 'open' })).toMatchObject({ ACCESS: 'private', SIGNUPS: 'open' });
    expect(loadConfig({ ACCESS: 'private', SIGNUPS: 'closed' })).toMatchObject({ ACCESS: 'private', SIGNUPS: 'closed' });
  });

  it('lets every account make share links unless SHARES=admins', () => {
    expect(loadConfig({}).SHARES).toBe('everyone');
    expect(loadConfig({ SHARES: 'admins' }).SHARES).toBe('admins');
  });

  it('trusts no forwarded header unless TRUST_PROXY names the proxy', () => {
    expect(loadConfig({}).trustProxy('127.0.0.1')).toBe(false);
    const c = loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' });
    expect([c.trustProxy('::1'), c.trustProxy('10.2.3.4'), c.trustProxy('192.0.2.1')]).toEqual([true, true, false]);
  });

  it('keeps previews in DATA_DIR unless a bucket is named', () => {
    const c = loadConfig({});
    expect(c.VIDEO_S3_BUCKET).toBeUndefined();
    expect(c.VIDEO_S3_REGION).toBe('us-east-1');
    expect(c.VIDEO_S3_PREFIX).toBe('videos/');
    expect(c.VIDEO_S3_FORCE_PATH_STYLE).toBe('off');
  });

  it('uses path-style S3 addresses by default only with an endpoint', () => {
    const minio = { VIDEO_S3_BUCKET: 'previews', VIDEO_S3_ENDPOINT: 'http://127.0.0.1:9000' };
    expect(loadConfig(minio).VIDEO_S3_FORCE_PATH_STYLE).toBe('on');
    expect(loadConfig({ ...minio, VIDEO_S3_FORCE_PATH_STYLE: 'off' }).VIDEO_S3_FORCE_PATH_STYLE).toBe('off');
    expect(loadConfig({ VIDEO_S3_BUCKET: 'previews' }).VIDEO_S3_FORCE_PATH_STYLE).toBe('off');
    expect(loadConfig({ VIDEO_S3_BUCKET: 'previews', VIDEO_S3_PREFIX: '' }).VIDEO_S3_PREFIX).toBe('');
  });

  it.each([
    [{ VIDEO_S3_BUCKET: 'previews', VIDEO_S3_ACCESS_KEY_ID: 'key' }, /^Invalid VIDEO_S3_SECRET_ACCESS_KEY: /],
    [{ VIDEO_S3_BUCKET: 'previews', VIDEO_S3_SECRET_ACCESS_KEY: 'secret' }, /^Invalid VIDEO_S3_ACCESS_KEY_ID: /],
    [{ VIDEO_S3_ENDPOINT: 'http://127.0.0.1:9000' }, /^Invalid VIDEO_S3_BUCKET: required/],
  ])('refuses incomplete S3 settings %j', (env, message) => {
    expect(() => loadConfig(env)).toThrowError(message);
  });

  it('takes an nginx internal location for X-Accel-Redirect', () => {
    expect(loadConfig({ ACCEL_REDIRECT: '/_media/', TRUST_PROXY: 'loopback' }).ACCEL_REDIRECT).toBe('/_media/');
    expect(() => loadConfig({ ACCEL_REDIRECT: '/_media/' })).toThrowError(
      'Invalid TRUST_PROXY: required when ACCEL_REDIRECT is set (name the nginx that sends the files)',
    );
    expect(() => loadConfig({ ACCEL_REDIRECT: '/_media' })).toThrowError(
      'Invalid ACCEL_REDIRECT="/_media": must be a path that starts and ends with /, such as /_media/',
    );
  });

  it('takes several named music libraries from MUSIC_DIRS, and MUSIC_DIR as one library', () => {
    const one = loadConfig({ DATA_DIR: '/d', MUSIC_DIR: '/srv/music' });
    expect(one.libraries).toEqual([{ id: 'music', name: 'Music', root: '/srv/music' }]);
    expect(one.MUSIC_DIR).toBe('/srv/music');
    const several = loadConfig({ DATA_DIR: '/d', MUSIC_DIRS: ' Music = /srv/music ; Kids’ Songs=/srv/kids;Hörbücher=/srv/books;' });
    expect(several.libraries).toEqual([
      { id: 'music', name: 'Music', root: '/srv/music' },
      { id: 'kids-songs', name: 'Kids’ Songs', root: '/srv/kids' },
      { id: 'horbucher', name: 'Hörbücher', root: '/srv/books' },
    ]);
    // The scanner walks one folder joining them (catalogue/library-links.ts).
    expect(several.MUSIC_DIR).toBe('/d/libraries');
    // One library in MUSIC_DIRS is MUSIC_DIR with a name.
    const named = loadConfig({ DATA_DIR: '/d', MUSIC_DIRS: 'Audiobooks=/srv/books' });
    expect([named.MUSIC_DIR, named.libraries[0]!.id]).toEqual(['/srv/books', 'audiobooks']);
    expect(() => loadConfig({ MUSIC_DIR: '/a', MUSIC_DIRS: 'A=/b' })).toThrowError(/^Invalid MUSIC_DIRS: set MUSIC_DIR .* not both$/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PUBLIC_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
