// Request samples in curl and TypeScript, written from the OpenAPI document's own examples so
// they always show fields the server accepts.

/** Shortens base64 image data in an example to keep the sample readable. */
function readableBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      key.endsWith('_image') ? `<base64 of ${key.replace('_image', '')}.jpg>` : value,
    ]),
  );
}

export interface CodeSampleInput {
  method: string;
  path: string;
  baseUrl: string;
  /** The JSON body example, when the operation takes one. */
  body?: unknown;
  /** Extra headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
}

export function curlSample(input: CodeSampleInput): string {
  const lines = [`curl -X ${input.method.toUpperCase()} ${input.baseUrl}${input.path}`];
  lines.push('  -H "Authorization: Bearer $GLOWREEL_API_KEY"');
  for (const [name, value] of Object.entries(input.headers ?? {}))
    lines.push(`  -H "${name}: ${value}"`);
  if (input.body !== undefined) {
    lines.push('  -H "Content-Type: application/json"');
    lines.push(
      `  -d '${JSON.stringify(readableBody(input.body), null, 2).replaceAll("'", "'\\''")}'`,
    );
  }
  return lines.join(' \\\n');
}

export function typescriptSample(input: CodeSampleInput): string {
  const headers = [
    '    Authorization: `Bearer ${process.env.GLOWREEL_API_KEY}`,',
    ...Object.entries(input.headers ?? {}).map(([name, value]) => `    '${name}': '${value}',`),
    ...(input.body !== undefined ? ["    'Content-Type': 'application/json',"] : []),
  ];
  const body =
    input.body !== undefined
      ? `\n  body: JSON.stringify(${JSON.stringify(readableBody(input.body), null, 2).replaceAll('\n', '\n  ')}),`
      : '';
  return [
    `const response = await fetch('${input.baseUrl}${input.path}', {`,
    `  method: '${input.method.toUpperCase()}',`,
    '  headers: {',
    ...headers,
    `  },${body}`,
    '});',
    'if (!response.ok) throw new Error((await response.json()).error.message);',
    'const result = await response.json();',
  ].join('\n');
}

/** How a receiver checks the Webhook-Signature header (TypeScript on Node). */
export const WEBHOOK_VERIFICATION_SAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** True when the body was signed with your webhook secret in the last five minutes. */
export function isGlowreelWebhook(rawBody: string, header: string, secret: string): boolean {
  const match = /^t=(\\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const [, timestamp, signature] = match;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest('hex');
  return timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
}`;
