import dns from 'node:dns/promises';
import net from 'node:net';
import { ConfigError } from '../../../config.js';
import { CONNECTION_MSG, ConnectionRefused } from './refusal.js';

/**
 * Where the connection test may dial (security.md §1.12): never link-local (169.254.0.0/16, fe80::/10) nor a cloud
 * metadata address — IPv4-mapped IPv6 forms included — whatever DATA_SOURCE_HOSTS says; with DATA_SOURCE_HOSTS set,
 * only its hosts. The name is resolved once, every address it resolves to is checked, and the caller connects to the
 * checked address (no second lookup a rebinding DNS server could answer differently).
 */
const FORBIDDEN = new net.BlockList();
FORBIDDEN.addSubnet('169.254.0.0', 16, 'ipv4'); // 169.254.169.254: AWS, Azure, GCP, OpenStack…
FORBIDDEN.addSubnet('fe80::', 10, 'ipv6');
FORBIDDEN.addAddress('fd00:ec2::254', 'ipv6'); // AWS over IPv6
FORBIDDEN.addAddress('100.100.100.200', 'ipv4'); // Alibaba Cloud
const FORBIDDEN_NAMES = new Set(['metadata.google.internal']);

const NAME_RE = /^(?!.*\.\.)[a-z0-9_][a-z0-9_.-]{0,252}$/;

/** The hosts of DATA_SOURCE_HOSTS: names (matched by name), addresses and CIDR ranges (matched by every address). */
export interface HostAllowList {
  /** False: DATA_SOURCE_HOSTS is empty, any host but the forbidden ones. */
  restricted: boolean;
  names: ReadonlySet<string>;
  addresses: net.BlockList | null;
}

const ipType = (a: string) => (net.isIPv6(a) ? 'ipv6' : 'ipv4');
const normal = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

/** DATA_SOURCE_HOSTS: a comma list of host names, IP addresses and CIDR ranges; empty = no restriction. */
export function parseDataSourceHosts(raw: string): string[] {
  const out: string[] = [];
  for (const item of raw.split(',').map(normal).filter(Boolean)) {
    const [ip, bits, extra] = item.split('/');
    const max = net.isIPv4(ip) ? 32 : net.isIPv6(ip) ? 128 : -1;
    const ok = bits === undefined ? max > 0 || NAME_RE.test(item) : extra === undefined && max > 0 && /^\d{1,3}$/.test(bits) && Number(bits) <= max;
    if (!ok) throw new ConfigError(`DATA_SOURCE_HOSTS must list host names, IP addresses or CIDR ranges such as 10.0.0.0/8 (got "${item}")`);
    if (!out.includes(item)) out.push(item);
  }
  return out;
}

export function hostAllowList(hosts: readonly string[]): HostAllowList {
  const names = new Set<string>();
  let addresses: net.BlockList | null = null;
  for (const h of hosts) {
    const [ip, bits] = h.split('/');
    if (!net.isIP(ip)) {
      names.add(h);
      continue;
    }
    addresses ??= new net.BlockList();
    if (bits === undefined) addresses.addAddress(ip, ipType(ip));
    else addresses.addSubnet(ip, Number(bits), ipType(ip));
  }
  return { restricted: hosts.length > 0, names, addresses };
}

/**
 * The address to connect to for `rawHost`, or ConnectionRefused (forbidden, not allowed). A name that does not
 * resolve rejects with the resolver's error (a network failure to the caller).
 */
export async function checkedAddress(rawHost: string, allow: HostAllowList): Promise<string> {
  const host = normal(rawHost);
  if (FORBIDDEN_NAMES.has(host)) throw new ConnectionRefused(CONNECTION_MSG.hostForbidden);
  const byName = !allow.restricted || allow.names.has(host);
  if (!byName && !allow.addresses) throw new ConnectionRefused(CONNECTION_MSG.hostNotAllowed);
  const addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  if (!addresses.length) throw new Error('ENOTFOUND');
  for (const a of addresses) {
    if (FORBIDDEN.check(a, ipType(a))) throw new ConnectionRefused(CONNECTION_MSG.hostForbidden);
    if (!byName && !allow.addresses?.check(a, ipType(a))) throw new ConnectionRefused(CONNECTION_MSG.hostNotAllowed);
  }
  return addresses[0];
}
