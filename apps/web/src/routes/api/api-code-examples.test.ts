import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_VERIFICATION_SAMPLE, curlSample, typescriptSample } from './api-code-examples.ts';

describe('API code samples', () => {
  const input = {
    method: 'post',
    path: '/api/v1/generate',
    baseUrl: 'https://app.example',
    body: { before_image: 'iVBOR…', consent_attested: true, options: { speed: 'fast' } },
    headers: { 'Idempotency-Key': 'order-1042' },
  };

  it('writes a curl command with the key, headers and a readable JSON body', () => {
    const sample = curlSample(input);
    expect(sample).toContain('curl -X POST https://app.example/api/v1/generate');
    expect(sample).toContain('Authorization: Bearer $GLOWREEL_API_KEY');
    expect(sample).toContain('Idempotency-Key: order-1042');
    expect(sample).toContain('"before_image": "<base64 of before.jpg>"');
    expect(sample).toContain('"consent_attested": true');
  });

  it('writes a fetch call in TypeScript', () => {
    const sample = typescriptSample(input);
    expect(sample).toContain("await fetch('https://app.example/api/v1/generate'");
    expect(sample).toContain("method: 'POST'");
    expect(sample).toContain('"speed": "fast"');
  });

  it('shows a verification function that accepts a real signature and refuses a forged one', async () => {
    // The documented code itself, imported as a module and run against a signature made the
    // way the server makes it.
    const folder = mkdtempSync(path.join(tmpdir(), 'glowreel-webhook-sample-'));
    try {
      const file = path.join(folder, 'verify.ts');
      writeFileSync(file, WEBHOOK_VERIFICATION_SAMPLE);
      const { isGlowreelWebhook } = (await import(/* @vite-ignore */ file)) as {
        isGlowreelWebhook: (body: string, header: string, secret: string) => boolean;
      };
      const body = '{"id":"evt_1","type":"video.completed"}';
      const t = Math.floor(Date.now() / 1000);
      const digest = createHmac('sha256', 'whsec_test').update(`${t}.${body}`).digest('hex');
      expect(isGlowreelWebhook(body, `t=${t},v1=${digest}`, 'whsec_test')).toBe(true);
      expect(isGlowreelWebhook(body, `t=${t},v1=${digest}`, 'whsec_other')).toBe(false);
      expect(isGlowreelWebhook(`${body} `, `t=${t},v1=${digest}`, 'whsec_test')).toBe(false);
      expect(isGlowreelWebhook(body, `t=${t - 3600},v1=${digest}`, 'whsec_test')).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
