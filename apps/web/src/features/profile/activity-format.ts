/**
 * How the Profile's device and activity lists read (pure, unit-tested).
 * The backend's client fields follow Appwrite's sessions and logs: client
 * name and version, OS name and version, device name; unknown ones are
 * empty, "--" or "Unknown".
 */
export interface DeviceFields {
  clientName: string;
  clientVersion: string;
  osName: string;
  osVersion: string;
  deviceName?: string;
}

const known = (v: string | undefined): string => {
  const t = (v ?? '').trim();
  return t === '--' || t.toLowerCase() === 'unknown' ? '' : t;
};

const join = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** "Chrome 131.0 on Linux", "Firefox on Android 14", or "Unknown device". */
export function describeDevice(d: DeviceFields): string {
  const client = join(known(d.clientName), known(d.clientName) ? known(d.clientVersion) : '');
  const os = join(known(d.osName), known(d.osName) ? known(d.osVersion) : '');
  if (client && os) return `${client} on ${os}`;
  return client || os || known(d.deviceName) || 'Unknown device';
}

const EVENTS: Record<string, string> = {
  'user.create': 'Account created',
  'session.create': 'Signed in',
  'session.update': 'Session extended',
  'session.delete': 'Signed out',
  'user.update.email': 'Email changed',
  'user.update.phone': 'Phone changed',
  'user.update.password': 'Password changed',
  'user.update.status': 'Account blocked',
  'user.update.mfa': 'Two-factor changed',
  'user.update.name': 'Name changed',
  'user.update.prefs': 'Preferences changed',
  'mfa.authenticator.create': 'Authenticator app added',
  'mfa.authenticator.verify': 'Authenticator app confirmed',
  'mfa.authenticator.delete': 'Authenticator app removed',
  'mfa.recovery-codes.create': 'Recovery codes made',
  'mfa.recovery-codes.update': 'Recovery codes replaced',
  'challenge.create': 'Two-factor code asked for',
  'challenge.update': 'Two-factor code accepted',
  'recovery.create': 'Password reset asked for',
  'recovery.update': 'Password reset',
  'verification.create': 'Verification mail sent',
  'verification.update': 'Email verified',
  'identity.delete': 'Sign-in provider removed',
  'target.create': 'Notifications turned on',
  'target.update': 'Notifications changed',
  'target.delete': 'Notifications turned off',
  'jwt.create': 'Token made for an app',
};

/** A log event as a phrase: the known ones by name, any other spelled out ("Identity delete"). */
export function describeEvent(event: string): string {
  const e = event.trim();
  if (EVENTS[e]) return EVENTS[e];
  const words = e.replace(/[._-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Activity';
}

/** "just now", "5 minutes ago", "3 hours ago", then the date and time ("25 Nov 2026, 04:12"). */
export function formatWhen(iso: string, nowMs: number, timeZone?: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const s = Math.max(0, Math.round((nowMs - t) / 1000));
  if (s < 60) return 'just now';
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} minute${m === 1 ? '' : 's'} ago`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} hour${h === 1 ? '' : 's'} ago`;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(t);
}

/** An IP address to show; the backend leaves it empty when unknown. */
export const describeIp = (ip: string): string => known(ip) || 'IP address unknown';
