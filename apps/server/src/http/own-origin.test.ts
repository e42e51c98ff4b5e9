import { describe, expect, it } from 'vitest';
import { createOwnHostCheck, MACHINE, normalHost, type OwnHostSystem } from './own-origin.js';

/** A machine named `musicbox` with a LAN address, a container address and loopback. */
const box: OwnHostSystem = {
  hostname: () => 'MusicBox',
  addresses: () => ['127.0.0.1', '::1', '192.168.1.20', 'fe80::1c2d:3e4f:5a6b:7c8d', '172.17.0.2'],
};
const everywhere = createOwnHostCheck({ HOST: '0.0.0.0', allowedOrigins: [] }, box);

describe("a mailed link's host without PUBLIC_URL", () => {
  it('is refused for a private-network address the server does not listen on (a forged Host: 10.0.0.66)', () => {
    expect(everywhere('10.0.0.66')).toBe(false);
    expect(everywhere('192.168.1.99')).toBe(false);
    expect(everywhere('[fd00::66]')).toBe(false);
    expect(everywhere('evil.example')).toBe(false);
    expect(everywhere('')).toBe(false);
  });

  it("is taken for the server's own names: loopback, its addresses, its hostname", () => {
    for (const h of ['localhost', 'app.localhost', '127.0.0.1', '[::1]', '192.168.1.20', '[fe80::1c2d:3e4f:5a6b:7c8d]', 'musicbox', 'MUSICBOX.local', 'musicbox.local.']) {
      expect(everywhere(h), h).toBe(true);
    }
  });

  it('follows HOST when the server listens on one address only', () => {
    const lan = createOwnHostCheck({ HOST: '192.168.1.20', allowedOrigins: [] }, box);
    expect(lan('192.168.1.20')).toBe(true);
    expect(lan('musicbox')).toBe(true);
    expect(lan('localhost')).toBe(false);
    expect(lan('172.17.0.2')).toBe(false);
    const loopback = createOwnHostCheck({ HOST: '127.0.0.1', allowedOrigins: [] }, box);
    expect(loopback('localhost')).toBe(true);
    expect(loopback('192.168.1.20')).toBe(false);
  });

  it('takes the hosts of ALLOWED_ORIGINS and a name a trusted proxy forwarded', () => {
    const check = createOwnHostCheck({ HOST: '0.0.0.0', allowedOrigins: ['https://music.example.org'] }, box);
    expect(check('music.example.org')).toBe(true);
    expect(check('music.example.net')).toBe(false);
    expect(check('music.example.net', { forwardedByTrustedProxy: true })).toBe(true);
  });

  it("reads this machine's own names and addresses", () => {
    const real = createOwnHostCheck({ HOST: '0.0.0.0', allowedOrigins: [] });
    expect(real(MACHINE.hostname())).toBe(true);
    for (const a of MACHINE.addresses()) expect(real(a.includes(':') ? `[${a}]` : a), a).toBe(true);
    expect(normalHost('[::FFFF:127.0.0.1]')).toBe('127.0.0.1');
  });
});
