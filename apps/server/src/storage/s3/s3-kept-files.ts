import type { KeptFiles } from '../../services/kept-files.ts';
import type { S3Objects } from './s3-objects.ts';

const KEY_PATTERN = /^[0-9a-f-]{36}$/;

/**
 * Kept pictures as private objects, one prefix per kind (`brand-logos/<key>.logo`,
 * `profile-photos/<key>.photo`), named like the data folder's files.
 */
export class S3KeptFiles implements KeptFiles {
  constructor(
    private readonly objects: S3Objects,
    private readonly prefix: 'brand-logos/' | 'profile-photos/',
    private readonly extension: '.logo' | '.photo',
  ) {}

  private keyFor(key: string): string {
    // Keys come from our own records, but an object name never leaves its prefix.
    if (!KEY_PATTERN.test(key)) throw new Error(`unsafe kept file key ${key}`);
    return `${this.prefix}${key}${this.extension}`;
  }

  async write(bytes: Uint8Array): Promise<string> {
    // A fresh key per picture: a record never names an object that is being replaced.
    const key = crypto.randomUUID();
    await this.objects.putBytes(this.keyFor(key), bytes);
    return key;
  }

  async read(key: string): Promise<Uint8Array | null> {
    return this.objects.readBytes(this.keyFor(key));
  }

  async remove(key: string): Promise<void> {
    return this.objects.delete(this.keyFor(key));
  }
}
