import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { UrlSigner } from './url-signer.ts';

// The API reference says a download link is signed and expires after an hour.
describe('UrlSigner', () => {
  const ttl = loadConfig({ DATA_DIR: '/tmp/unused' }, '/').publicApi.signedUrlTtlSeconds;
  const signer = new UrlSigner('secret', ttl);
  const path = '/api/v1/videos/v1/download';
  const signedAt = new Date('2026-11-26T10:00:00Z');
  const query = new URLSearchParams(signer.sign(path, signedAt).split('?')[1]);
  const check = (at: Date, signature = query.get('signature') ?? undefined) =>
    signer.isValid(path, query.get('expires') ?? undefined, signature, at);

  it('signs links for an hour by default, and refuses them after it', () => {
    expect(ttl).toBe(3600);
    expect(check(new Date('2026-11-26T10:59:59Z'))).toBe(true);
    expect(check(new Date('2026-11-26T11:00:01Z'))).toBe(false);
  });

  it('refuses a link whose signature or path was changed', () => {
    expect(check(signedAt, 'f'.repeat(64))).toBe(false);
    expect(
      signer.isValid(
        '/api/v1/videos/v2/download',
        query.get('expires') ?? undefined,
        query.get('signature') ?? undefined,
        signedAt,
      ),
    ).toBe(false);
  });
});
