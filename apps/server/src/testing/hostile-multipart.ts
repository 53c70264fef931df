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

export interface MultipartShape {
  fields: readonly string[];
  files: readonly string[];
  /** Values that pass each field's own check, used for some fields. */
  plausible: Record<string, string>;
  /** A photo the upload check accepts, sent as some of the files. */
  photo: Buffer;
}

function filePart(name: string, filename: string, contentType: string, bytes: Buffer): Buffer {
  return part(
    `content-disposition: form-data; name="${name}"; filename="${filename}"\r\ncontent-type: ${contentType}`,
    bytes,
  );
}

/** Every field with a good value, the photo as the first file, then one hostile field. */
function nearValid(random: SeededRandom, shape: MultipartShape): Buffer[] {
  const hostile = random.pick([...shape.fields, ...shape.files]);
  const parts: Buffer[] = [];
  for (const name of shape.fields) {
    const value = name === hostile ? random.pick(HOSTILE_STRINGS) : shape.plausible[name];
    if (value !== undefined)
      parts.push(part(`content-disposition: form-data; name="${name}"`, value));
  }
  shape.files.forEach((name, index) => {
    if (name === hostile) parts.push(filePart(name, 'x.png', 'image/png', random.bytes(300)));
    else if (index === 0) parts.push(filePart(name, 'photo.png', 'image/png', shape.photo));
  });
  return parts;
}

/** A form with the route's fields (hostile or plausible values) and files (random or a photo). */
function wellFormed(random: SeededRandom, shape: MultipartShape): Buffer[] {
  if (random.chance(0.4)) return nearValid(random, shape);
  const { fields, files, plausible } = shape;
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
    const type = random.pick(['image/png', 'application/pdf', 'text/html', '']);
    const bytes = random.chance(0.3) ? shape.photo : random.bytes(random.int(2000));
    parts.push(filePart(name, filename, type, bytes));
  }
  return parts;
}

/** Broken and abusive multipart bodies: every way the issue found a 500, and more. */
export function hostileMultipart(random: SeededRandom, shape: MultipartShape): RawBody {
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const files = shape.files;
  const parts = wellFormed(random, shape);
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
