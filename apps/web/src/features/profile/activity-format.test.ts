import { describe, expect, it } from 'vitest';
import { describeDevice, describeEvent, describeIp, formatWhen } from './activity-format.js';

const d = (clientName: string, clientVersion: string, osName: string, osVersion: string, deviceName = '') => ({ clientName, clientVersion, osName, osVersion, deviceName });

describe('describeDevice', () => {
  it('names the browser and the system', () => {
    expect(describeDevice(d('Chrome', '131.0', 'Linux', ''))).toBe('Chrome 131.0 on Linux');
    expect(describeDevice(d('Firefox', '', 'Android', '14'))).toBe('Firefox on Android 14');
  });

  it('leaves out unknown parts, and says so when nothing is known', () => {
    expect(describeDevice(d('Chrome', '131', '--', '--'))).toBe('Chrome 131');
    expect(describeDevice(d('Unknown', '1.0', 'Windows', '10'))).toBe('Windows 10');
    expect(describeDevice(d('', '', '', '', 'smartphone'))).toBe('smartphone');
    expect(describeDevice(d('', '', 'Unknown', '', '--'))).toBe('Unknown device');
  });
});

describe('describeEvent', () => {
  it('reads known events as phrases and spells out others', () => {
    expect(describeEvent('session.create')).toBe('Signed in');
    expect(describeEvent('user.update.password')).toBe('Password changed');
    expect(describeEvent('challenge.update')).toBe('Two-factor code accepted');
    expect(describeEvent('magic-url.create')).toBe('Magic url create');
    expect(describeEvent('  ')).toBe('Activity');
  });
});

describe('formatWhen', () => {
  const now = Date.UTC(2026, 10, 25, 4, 12, 30);
  it('is relative within a day', () => {
    expect(formatWhen('2026-11-25T04:12:00.000+00:00', now)).toBe('just now');
    expect(formatWhen('2026-11-25T04:11:00.000+00:00', now)).toBe('1 minute ago');
    expect(formatWhen('2026-11-25T03:40:00.000+00:00', now)).toBe('32 minutes ago');
    expect(formatWhen('2026-11-25T03:12:00.000+00:00', now)).toBe('1 hour ago');
    expect(formatWhen('2026-11-24T05:00:00.000+00:00', now)).toBe('23 hours ago');
  });

  it('is a date and time after that, and empty for a bad time', () => {
    expect(formatWhen('2026-11-20T09:05:00.000+00:00', now, 'UTC')).toBe('20 Nov 2026, 09:05');
    expect(formatWhen('not a time', now)).toBe('');
  });
});

describe('describeIp', () => {
  it('shows the address, or that it is unknown', () => {
    expect(describeIp('203.0.113.7')).toBe('203.0.113.7');
    expect(describeIp('')).toBe('IP address unknown');
  });
});
