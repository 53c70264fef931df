import { BlockList, isIP } from 'node:net';
import { Address6 } from 'ip-address';

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
  // Local-use NAT64 (RFC 8215) translates to whatever IPv4 network the operator chose.
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // Teredo hides its IPv4 addresses (obfuscated); no webhook receiver needs one.
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/**
 * IPv6 forms that carry an IPv4 address, and where it sits (bits from the right). The system
 * connects to the IPv4 address inside, so each is judged by that address: `::127.0.0.1`
 * (IPv4-compatible, written `::7f00:1` by the URL parser) reached loopback before.
 */
const IPV4_CARRIERS = [
  { network: '::', prefix: 96, shift: 0n }, // IPv4-compatible (deprecated)
  { network: '::ffff:0:0', prefix: 96, shift: 0n }, // IPv4-mapped
  { network: '::ffff:0:0:0', prefix: 96, shift: 0n }, // IPv4-translated (SIIT)
  { network: '2002::', prefix: 16, shift: 80n }, // 6to4: 2002:AABB:CCDD::/48
].map((carrier) => ({
  ...carrier,
  network: new Address6(carrier.network).bigInt() >> BigInt(128 - carrier.prefix),
}));

/** The IPv4 address an IPv6 address stands for, or the address itself. */
function plainAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  const value = new Address6(address).bigInt();
  for (const { network, prefix, shift } of IPV4_CARRIERS) {
    if (value >> BigInt(128 - prefix) !== network) continue;
    // `::` and `::1` are IPv6's own unspecified and loopback addresses, not IPv4 ones.
    if (network === 0n && value <= 1n) return address;
    const ipv4 = Number((value >> shift) & 0xffffffffn);
    return [24, 16, 8, 0].map((bits) => (ipv4 >>> bits) & 0xff).join('.');
  }
  return address;
}

export function isLoopbackAddress(address: string): boolean {
  const plain = plainAddress(address);
  const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
  return LOOPBACK.check(plain, family);
}

/** Whether a resolved address may receive webhooks. */
export function isAllowedWebhookAddress(address: string, allowLoopback: boolean): boolean {
  if (isIP(address) === 0) return false;
  const plain = plainAddress(address);
  const version = isIP(plain);
  if (allowLoopback && isLoopbackAddress(plain)) return true;
  return !NON_PUBLIC.check(plain, version === 6 ? 'ipv6' : 'ipv4');
}
