import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent.js';

describe('parseUserAgent', () => {
  it('reads Chrome on Linux as Appwrite names it', () => {
    const f = parseUserAgent(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    );
    expect(f).toMatchObject({
      osCode: 'LIN', osName: 'GNU/Linux', clientType: 'browser', clientCode: 'CH', clientName: 'Chrome',
      clientVersion: '126.0', clientEngine: 'Blink', clientEngineVersion: '126.0', deviceName: 'desktop',
    });
  });

  it('tells Edge from the Chrome it contains', () => {
    const f = parseUserAgent(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.67',
    );
    expect(f).toMatchObject({ osName: 'Windows', osVersion: '10.0', clientName: 'Microsoft Edge', clientVersion: '125.0' });
  });

  it('reads Safari on an iPhone as a smartphone', () => {
    const f = parseUserAgent(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    );
    expect(f).toMatchObject({
      osCode: 'IOS', osVersion: '17.5', clientCode: 'SF', clientVersion: '17.5', clientEngine: 'WebKit',
      clientEngineVersion: '605.1', deviceName: 'smartphone', deviceBrand: 'Apple',
    });
  });

  it('reads Firefox on Android', () => {
    const f = parseUserAgent('Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0');
    expect(f).toMatchObject({ osCode: 'AND', osVersion: '14', clientCode: 'FF', clientEngine: 'Gecko', deviceName: 'smartphone' });
  });

  it('leaves everything empty for an unknown or missing agent', () => {
    for (const ua of ['', 'curl/8.5.0', 'node']) {
      expect(Object.values(parseUserAgent(ua)).every((v) => v === '')).toBe(true);
    }
  });
});
