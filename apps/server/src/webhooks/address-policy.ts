import { BlockList, isIP } from 'node:net';

// Webhook targets must be public internet hosts: a URL that reaches the server's own network
// (loopback, private ranges, link-local cloud metadata at 169.254.169.254, …) would let any
// API client make the server call into places only it can reach (SSRF).
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d), if it is one. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1] ?? address;
}

export function isLoopbackAddress(address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  return LOOPBACK.check(plain, family);
}

/** Whether a resolved address may receive webhooks. */
export function isAllowedWebhookAddress(address: string, allowLoopback: boolean): boolean {
  const plain = unmapped(address);
  const version = isIP(plain);
  if (version === 0) return false;
  if (allowLoopback && isLoopbackAddress(plain)) return true;
  return !NON_PUBLIC.check(plain, version === 6 ? 'ipv6' : 'ipv4');
}
