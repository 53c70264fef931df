/**
 * Where saved brand logos live. Unlike a patient photo (DESIGN.md D13) a logo is the clinic's
 * own asset, kept until it is replaced or removed. Each file is written once under a fresh key
 * and never overwritten, so a record always names a complete file.
 */
export interface BrandLogoFiles {
  /** Stores the bytes under a new key and returns it. */
  write(bytes: Uint8Array): Promise<string>;
  /** Null when the file is gone (removed by hand, or a data folder restored without it). */
  read(key: string): Promise<Uint8Array | null>;
  /** Removing a key that is already gone is not an error. */
  remove(key: string): Promise<void>;
}
