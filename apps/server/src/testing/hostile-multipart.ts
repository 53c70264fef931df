import { HOSTILE_STRINGS } from './hostile-values.ts';
import type { SeededRandom } from './random.ts';

export interface RawBody {
  contentType: string;
  payload: Buffer;
}

const BOUNDARY = '----fuzz-boundary-7c1e';

function part(headers: string, body: Buffer | string): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\n${headers}\r\n\r\n`),
    Buffer.from(body),
    Buffer.from('\r\n'),
  ]);
}

/** A form with the route's fields (hostile or plausible values) and random bytes as files. */
function wellFormed(
  random: SeededRandom,
  fields: readonly string[],
  files: readonly string[],
  plausible: Record<string, string>,
): Buffer[] {
  const parts: Buffer[] = [];
  for (const name of fields) {
    if (random.chance(0.4)) continue;
    const value =
      random.chance(0.5) && plausible[name] !== undefined
        ? plausible[name]
        : random.pick(HOSTILE_STRINGS);
    parts.push(part(`content-disposition: form-data; name="${name}"`, value));
  }
  for (const name of files) {
    if (random.chance(0.3)) continue;
    const filename = random.chance(0.5)
      ? 'photo.png'
      : random.pick(HOSTILE_STRINGS).replace(/["\r\n]/g, '');
    parts.push(
      part(
        `content-disposition: form-data; name="${name}"; filename="${filename}"\r\ncontent-type: ${random.pick(['image/png', 'application/pdf', 'text/html', ''])}`,
        random.bytes(random.int(2000)),
      ),
    );
  }
  return parts;
}

/** Broken and abusive multipart bodies: every way the issue found a 500, and more. */
export function hostileMultipart(
  random: SeededRandom,
  fields: readonly string[],
  files: readonly string[],
  plausible: Record<string, string>,
): RawBody {
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const parts = wellFormed(random, fields, files, plausible);
  const closed = Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
  switch (random.int(12)) {
    case 0:
      return { contentType: 'multipart/form-data', payload: closed };
    case 1:
      return { contentType: 'multipart/form-data; boundary=something-else', payload: closed };
    case 2:
      return { contentType: type, payload: Buffer.concat(parts) };
    case 3:
      return { contentType: type, payload: closed.subarray(0, random.int(closed.length)) };
    case 4:
      return { contentType: type, payload: Buffer.alloc(0) };
    case 5:
      return {
        contentType: type,
        payload: Buffer.concat([
          part('x-nothing: here', 'headerless'),
          Buffer.from(`--${BOUNDARY}--\r\n`),
        ]),
      };
    case 6:
      return {
        contentType: type,
        payload: Buffer.concat([
          part('content-disposition: form-data; name="__proto__"', '{"polluted":true}'),
          part('content-disposition: form-data; name="constructor"', 'x'),
          Buffer.from(`--${BOUNDARY}--\r\n`),
        ]),
      };
    case 7: {
      const many = Array.from({ length: 40 }, (_, index) =>
        part(`content-disposition: form-data; name="f${index}"`, 'v'),
      );
      return {
        contentType: type,
        payload: Buffer.concat([...many, Buffer.from(`--${BOUNDARY}--\r\n`)]),
      };
    }
    case 8: {
      const fileParts = Array.from({ length: 5 }, (_, index) =>
        part(
          `content-disposition: form-data; name="${files[index % files.length] ?? 'image'}"; filename="f${index}.png"`,
          random.bytes(50),
        ),
      );
      return {
        contentType: type,
        payload: Buffer.concat([...fileParts, Buffer.from(`--${BOUNDARY}--\r\n`)]),
      };
    }
    case 9:
      return {
        contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`,
        payload: random.bytes(500),
      };
    case 10:
      return {
        contentType: type,
        payload: Buffer.concat([
          part(
            'content-disposition: form-data; name="title"',
            Buffer.from([0xff, 0xfe, 0x00, 0x41]),
          ),
          Buffer.from(`--${BOUNDARY}--\r\n`),
        ]),
      };
    default:
      return { contentType: type, payload: closed };
  }
}
