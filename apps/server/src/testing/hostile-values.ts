import type { SeededRandom } from './random.ts';

// The raw material of the fuzz test: values an attacker or a broken client sends.

export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'x\u0000',
  'a\u0000b',
  '%00',
  '\u0001\u0002\u0007\u0008',
  '\u001b[31mred',
  'line\r\nInjected: header',
  '\t',
  '\u007f\u0085\u009f',
  'A'.repeat(5000),
  'é'.repeat(3000),
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(50),
  '\u202e\u0644\u0645',
  '\ufeff',
  '\u2028\u2029',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  "'; DROP TABLE videos; --",
  '${7*7}{{7*7}}',
  '%s%n%x',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '__proto__',
  'constructor',
  'prototype',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data',
  'https://[::127.0.0.1]/hook',
  'https://127.0.0.1:1/x',
  'https://1.1.1.1/hook\u0000',
  'https://1.1.1.1/a\r\nb',
  'file:///etc/passwd',
  '%',
  '%zz',
  '%E0%A4%A',
  '\\',
  '/',
  '{}',
  '[]',
  `grk_live_${'A'.repeat(32)}`,
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-000000000000\u0000',
];

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

export const HOSTILE_JSON_VALUES: readonly unknown[] = [
  ...HOSTILE_STRINGS,
  0,
  -1,
  1.5,
  1e308,
  2 ** 53 + 1,
  true,
  false,
  null,
  [],
  {},
  [null],
  { $gt: '' },
  ['a', 'b'],
  nested(300),
  Array.from({ length: 1000 }, () => 'a'),
];

/** Whole bodies that are not what any route expects (prototype pollution, nesting, bad JSON). */
export const HOSTILE_RAW_BODIES: readonly (string | Buffer)[] = [
  '{"__proto__":{"polluted":true,"isAdmin":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"name":"ok","__proto__":{"name":"x"}}',
  `${'['.repeat(20000)}${']'.repeat(20000)}`,
  `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
  '{',
  '',
  'null',
  '[]',
  '"just a string"',
  '123',
  '{"name":"\\u0000","email":"\\u0000@x"}',
  Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc3, 0x28]),
  '{"a":1,"a":2}',
  '\ufeff{"name":"bom"}',
  '{"name":"x"} trailing',
  `{"name":"${'A'.repeat(200_000)}"}`,
];

/** ASCII-only header values: HTTP itself refuses control characters in headers. */
export const ODD_HEADERS: readonly [string, readonly string[]][] = [
  [
    'content-type',
    [
      'application/json; charset=utf-16',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'application/json, text/html',
      'image/png',
      '*/*',
    ],
  ],
  [
    'range',
    [
      'bytes=abc',
      'bytes=99999999999999999999-',
      'bytes=-0',
      'bytes=5-1',
      'bytes=0-0,1-1,2-2,3-3,4-4,5-5',
      'items=0-1',
      'bytes=-99999999999',
    ],
  ],
  ['accept-encoding', ['br;q=abc, *;q=-1', 'gzip,'.repeat(200), 'identity;q=0', 'x-unknown']],
  ['x-forwarded-for', ['1.1.1.1, <script>', '::ffff:127.0.0.1', 'a'.repeat(2000)]],
  ['idempotency-key', [' ', 'a'.repeat(300), 'key with spaces', '%00']],
  ['accept', ['text/event-stream', 'application/xml', '*/*;q=abc']],
  ['if-none-match', ['garbage', '*', 'W/"']],
  ['if-modified-since', ['not a date', 'Thu, 01 Jan 1970 00:00:00 GMT']],
  ['stripe-signature', ['t=1,v1=abc', 'garbage', '']],
  ['x-glowreel-client-ip', ['127.0.0.1', 'garbage']],
];

export const ODD_ANONYMOUS_HEADERS: readonly [string, readonly string[]][] = [
  [
    'authorization',
    [
      'Bearer ',
      'Basic Zm9vOmJhcg==',
      `Bearer grk_live_${'%'.repeat(40)}`,
      `Bearer ${'A'.repeat(10000)}`,
    ],
  ],
  [
    'cookie',
    [
      'better-auth.session_token=garbage.value',
      '=;;;=',
      `a=${'b'.repeat(8000)}`,
      'better-auth.session_token=%E0%A4%A',
    ],
  ],
  ['origin', ['null', 'http://evil.example', 'garbage']],
];

/** Percent-encodes every byte of the UTF-8 form (encodeURIComponent throws on lone surrogates). */
function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** A path segment: a hostile string percent-encoded, or a raw form the router must cope with. */
export function hostileSegment(random: SeededRandom): string {
  if (random.chance(0.3)) {
    return random.pick([
      '%00',
      'x%00',
      '%',
      '%zz',
      '..',
      '.',
      '%2e%2e',
      '%2F',
      'a%2Fb',
      ';',
      'x'.repeat(3000),
      '%C0%AE',
      '%FF',
      '%ED%A0%80',
    ]);
  }
  return percentEncode(random.pick(HOSTILE_STRINGS));
}

/** A query string of 0–3 pairs mixing the route's own parameters with hostile keys. */
export function hostileQuery(random: SeededRandom, keys: readonly string[]): string {
  const pairs: string[] = [];
  const count = random.int(4);
  for (let index = 0; index < count; index += 1) {
    const key =
      random.chance(0.7) && keys.length > 0
        ? random.pick(keys)
        : random.pick(['__proto__[x]', 'constructor[prototype][x]', 'a[]', '%zz', '']);
    const value = random.chance(0.2)
      ? random.pick(['%zz', '%00', '%', ''])
      : percentEncode(random.pick(HOSTILE_STRINGS));
    pairs.push(`${key}=${value}`);
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : random.pick(['', '?', '?&&', '?=']);
}
