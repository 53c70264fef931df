import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring download links for the public API: whoever holds the link may fetch the
 * file until it expires, without an API key (like S3 presigned URLs).
 */
export class UrlSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds: number,
  ) {}

  /** `path?expires=…&signature=…`, valid for the configured time from `now`. */
  sign(path: string, now: Date): string {
    const expires = Math.floor(now.getTime() / 1000) + this.ttlSeconds;
    return `${path}?expires=${expires}&signature=${this.signatureOf(path, expires)}`;
  }

  isValid(
    path: string,
    expires: string | undefined,
    signature: string | undefined,
    now: Date,
  ): boolean {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
    if (Number(expires) < Math.floor(now.getTime() / 1000)) return false;
    const expected = Buffer.from(this.signatureOf(path, Number(expires)));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private signatureOf(path: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${path}\n${expires}`).digest('hex');
  }
}
