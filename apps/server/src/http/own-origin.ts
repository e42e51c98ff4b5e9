import { isIP } from 'node:net';
import { hostname as osHostname, networkInterfaces } from 'node:os';
import type { Config } from '../config.js';

/**
 * Whether a Host a request named is this server's own name, for links the
 * server mails without PUBLIC_URL (password recovery, verification, magic
 * URL). Anyone can send any Host, so a link's address must never come from a
 * name the server does not answer to: "Host: 10.0.0.66" would otherwise mail
 * a victim's secret to whoever holds that address on their network. Own
 * names are:
 *
 * - what HOST says the server listens on; on every address (0.0.0.0, ::) that
 *   is each address of the machine's network interfaces and the loopback
 *   names (localhost, *.localhost, 127.0.0.0/8, ::1);
 * - the machine's hostname, also as `<hostname>.local` (how home networks
 *   reach it);
 * - the host of an ALLOWED_ORIGINS entry;
 * - a name a trusted proxy (TRUST_PROXY) forwarded in X-Forwarded-Host: the
 *   proxy in front is what decides which names reach this server.
 *
 * Ports are not compared: a container's port is mapped to another one.
 */
export interface OwnHostSystem {
  hostname(): string;
  /** Every address of the machine's network interfaces. */
  addresses(): string[];
}

export const MACHINE: OwnHostSystem = {
  hostname: osHostname,
  addresses: () => Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address)),
};

/** A hostname as names are compared: lower case, no brackets, no trailing dot, no IPv6 zone. */
export function normalHost(hostname: string): string {
  let h = hostname.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  h = h.replace(/%.*$/, '').replace(/\.$/, '');
  if (h.startsWith('::ffff:') && isIP(h.slice(7)) === 4) h = h.slice(7);
  return h;
}

const isWildcard = (host: string) => host === '' || host === '0.0.0.0' || host === '::' || host === '0:0:0:0:0:0:0:0';

const isLoopbackName = (h: string) =>
  h === 'localhost' || h.endsWith('.localhost') || (isIP(h) === 4 && h.startsWith('127.')) || h === '::1';

export type OwnHostCheck = (hostname: string, opts?: { forwardedByTrustedProxy?: boolean }) => boolean;

/**
 * The check for this configuration. The machine's addresses are read at each
 * call (they change as networks come and go); call it per mailed link, not
 * per request.
 */
export function createOwnHostCheck(config: Pick<Config, 'HOST' | 'allowedOrigins'>, system: OwnHostSystem = MACHINE): OwnHostCheck {
  const listen = normalHost(config.HOST);
  const allowed = new Set(config.allowedOrigins.map((o) => normalHost(new URL(o).hostname)));
  return (hostname, opts = {}) => {
    const h = normalHost(hostname);
    if (h === '') return false;
    if (opts.forwardedByTrustedProxy || allowed.has(h)) return true;
    const machine = normalHost(system.hostname());
    if (machine !== '' && (h === machine || h === `${machine}.local`)) return true;
    if (!isWildcard(listen)) return h === listen || (isLoopbackName(listen) && isLoopbackName(h));
    return isLoopbackName(h) || system.addresses().some((a) => normalHost(a) === h);
  };
}
