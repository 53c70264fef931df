import type { Profile } from '@glowreel/contracts';
import type { ProfilePhotosRepository } from '../db/profile-photos.repository.ts';
import { AppError } from '../errors.ts';
import type { KeptFiles } from './kept-files.ts';
import type { ProfilesService } from './profiles.service.ts';

export interface ProfilePhotoServiceDependencies {
  photos: ProfilePhotosRepository;
  files: KeptFiles;
  profiles: ProfilesService;
  /** The checks every kept picture gets (size, pixels, format, animation). */
  inspectPhoto: (bytes: Uint8Array) => Promise<{ contentType: string }>;
  log: { error: (details: object, message: string) => void };
}

/**
 * A member's own profile photo (issue #17 §4, the SPEC's photoURL). Nothing is saved half-way:
 * a refused picture writes nothing; a new photo is written to its own file before the row
 * names it, and removed again when the row is not written; a replaced or removed photo's file
 * goes only once the row no longer names it.
 */
export class ProfilePhotoService {
  constructor(private readonly deps: ProfilePhotoServiceDependencies) {}

  /** Answers the profile as the member sees it acting for `clinicId`. */
  async save(userId: string, bytes: Uint8Array, clinicId?: string): Promise<Profile> {
    const { contentType } = await this.deps.inspectPhoto(bytes);
    const key = await this.deps.files.write(bytes);
    let replaced: string | null;
    try {
      replaced = await this.deps.photos.withLockedPhoto(userId, async (locked) => {
        await locked.save({ photo_key: key, content_type: contentType });
        return locked.row?.photo_key ?? null;
      });
    } catch (error) {
      await this.removeFile(key);
      throw error;
    }
    await this.removeFile(replaced);
    return this.deps.profiles.getProfile(userId, clinicId);
  }

  async remove(userId: string, clinicId?: string): Promise<Profile> {
    const dropped = await this.deps.photos.withLockedPhoto(userId, async (locked) => {
      if (!locked.row) return null;
      await locked.remove();
      return locked.row.photo_key;
    });
    await this.removeFile(dropped);
    return this.deps.profiles.getProfile(userId, clinicId);
  }

  /** The photo's bytes and type, served to its owner only. */
  async read(userId: string): Promise<{ bytes: Uint8Array; contentType: string }> {
    const row = await this.deps.photos.find(userId);
    const bytes = row ? await this.deps.files.read(row.photo_key) : null;
    if (!row || !bytes) throw new AppError('not_found', 'You have no profile photo.');
    return { bytes, contentType: row.content_type };
  }

  /**
   * A file no row names any more. Failing to delete it leaves an unused file, never a wrong
   * profile, so the change still succeeds; the log says which file to clear.
   */
  private async removeFile(key: string | null): Promise<void> {
    if (key === null) return;
    await this.deps.files.remove(key).catch((error: unknown) => {
      this.deps.log.error(
        { err: error, photoKey: key },
        'could not remove an unused profile photo',
      );
    });
  }
}
