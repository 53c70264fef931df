/**
 * Where pictures the clinic keeps live: brand logos and profile photos. Unlike a patient photo
 * (DESIGN.md D13) they are the account's own assets, kept until replaced or removed. Each file
 * is written once under a fresh key and never overwritten, so a record always names a complete
 * file.
 */
export interface KeptFiles {
  /** Stores the bytes under a new key and returns it. */
  write(bytes: Uint8Array): Promise<string>;
  /** Null when the file is gone (removed by hand, or a data folder restored without it). */
  read(key: string): Promise<Uint8Array | null>;
  /** Removing a key that is already gone is not an error. */
  remove(key: string): Promise<void>;
}
