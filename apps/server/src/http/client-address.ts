import { BlockList, isIP } from 'node:net';

/**
 * Which TCP peers are reverse proxies whose X-Forwarded-For and
 * X-Forwarded-Proto headers we believe (TRUST_PROXY). Unset trusts none.
 */
export type TrustProxy = (address: string) => boolean;

export const TRUST_NONE: TrustProxy = () => false;

const unmapped = (ip: string) => (ip.toLowerCase().startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip);

/** Parses one TRUST_PROXY entry; null when it is not an IP, a CIDR or `loopback`. */
function addEntry(list: BlockList, entry: string): boolean {
  if (entry === 'loopback') {
    list.addSubnet('127.0.0.0', 8, 'ipv4');
    list.addAddress('::1', 'ipv6');
    return true;
  }
  const [ip = '', bits, ...rest] = entry.split('/');
  const family = isIP(ip);
  if (family === 0 || rest.length > 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (bits === undefined) {
    list.addAddress(ip, type);
    return true;
  }
  const prefix = /^\d{1,3}$/.test(bits) ? Number(bits) : -1;
  if (prefix < 0 || prefix > (family === 4 ? 32 : 128)) return false;
  list.addSubnet(ip, prefix, type);
  return true;
}

/**
 * `TRUST_PROXY`: a comma-separated list of IPs, CIDRs and `loopback`.
 * Throws with the offending entry when one is malformed.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return TRUST_NONE;
  const list = new BlockList();
  for (const entry of entries) {
    if (!addEntry(list, entry)) throw new Error(`${JSON.stringify(entry)} is not an IP address, a CIDR or "loopback"`);
  }
  return (address) => {
    const ip = unmapped(address);
    const family = isIP(ip);
    return family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The client's address: the TCP peer, or, when the peer is a trusted proxy,
 * the rightmost X-Forwarded-For hop that is not itself a trusted proxy. Hops
 * left of that were written by the client and are ignored, so nobody can pick
 * their own address. A malformed hop stops the walk at the last good address.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trust: TrustProxy): string {
  let address = unmapped(peer);
  if (!trust(address) || !forwardedFor) return address;
  const hops = forwardedFor.split(',').map((s) => s.trim());
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = unmapped(hops[i]!);
    if (isIP(hop) === 0) break;
    address = hop;
    if (!trust(hop)) break;
  }
  return address;
}

/**
 * Whether the client reached us over https: the connection itself, or the
 * rightmost X-Forwarded-Proto value when the peer is a trusted proxy.
 */
export function clientUsedHttps(peer: string, encrypted: boolean, forwardedProto: string | undefined, trust: TrustProxy): boolean {
  if (encrypted) return true;
  if (!forwardedProto || !trust(unmapped(peer))) return false;
  const last = forwardedProto.split(',').pop()!.trim().toLowerCase();
  return last === 'https';
}
