/**
 * A multipart/form-data body as a browser would send it, for app.inject: text fields, the
 * photo in `image`, and any further files by field name (e.g. `logo`).
 */
export function multipart(
  fields: Record<string, string>,
  image: Buffer | null,
  files: Record<string, Buffer> = {},
) {
  const boundary = '----glowreel-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  const allFiles = image ? { image, ...files } : files;
  for (const [name, bytes] of Object.entries(allFiles)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${name}.png"\r\ncontent-type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
