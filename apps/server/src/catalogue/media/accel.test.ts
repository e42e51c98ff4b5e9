import { describe, expect, it } from 'vitest';
import { accelFor, accelReply, accelTarget } from './reply.js';

describe('X-Accel-Redirect addresses', () => {
  const accel = accelFor('/_media/', '/srv/lyra/data', '/srv/music')!;

  it('is off unless ACCEL_REDIRECT names a location', () => {
    expect(accelFor(undefined, '/srv/lyra/data', '/srv/music')).toBeUndefined();
  });

  it('maps cached tiers under cache/ and original files under music/, each segment percent-encoded', () => {
    expect(accelTarget(accel, '/srv/lyra/data/cache/audio/abc_12/320-0123456789ab.mp4')).toBe('/_media/cache/audio/abc_12/320-0123456789ab.mp4');
    expect(accelTarget(accel, '/srv/music/Sigur Rós/Ágætis byrjun/01 #1.flac')).toBe(
      '/_media/music/Sigur%20R%C3%B3s/%C3%81g%C3%A6tis%20byrjun/01%20%231.flac',
    );
  });

  it('leaves files outside both roots, and names nginx would misread, to the server', () => {
    expect(accelTarget(accel, '/srv/lyra/data/covers/abc')).toBeNull();
    expect(accelTarget(accel, '/srv/music-other/a.flac')).toBeNull();
    expect(accelTarget(accel, '/srv/music/Why?.flac')).toBeNull();
    expect(accelTarget(accel, '/srv/music/100%.flac')).toBeNull();
    expect(accelTarget(accel, '/srv/music/a\nb.flac')).toBeNull();
  });

  it('answers with headers only, naming the file for nginx', () => {
    expect(accelReply('/_media/cache/a.mp4', { 'cache-control': 'no-cache' })).toEqual({
      kind: 'empty',
      status: 200,
      headers: { 'cache-control': 'no-cache', 'x-accel-redirect': '/_media/cache/a.mp4', 'content-length': '0' },
    });
  });
});
