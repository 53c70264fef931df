import { DEFAULT_BRAND_KIT, type BrandKit, type Typeface } from '@glowreel/contracts';
import type { BrandKitRow, BrandKitsRepository } from '../db/brand-kits.repository.ts';
import { AppError } from '../errors.ts';
import type { KeptFiles } from './kept-files.ts';

export interface BrandServiceDependencies {
  kits: BrandKitsRepository;
  logos: KeptFiles;
  /** The checks every logo gets (size, pixels, format, animation); refuses with invalid_logo. */
  inspectLogo: (bytes: Uint8Array) => Promise<{ contentType: string }>;
  log: { error: (details: object, message: string) => void };
}

/** A saved kit as a render applies it: the text and look, and the logo's bytes. */
export interface BrandForRender {
  kit: BrandKit;
  logo: Uint8Array | null;
}

/** The member who changes the kit, and the clinic whose kit it is. */
export interface BrandEditor {
  userId: string;
  clinicId: string;
}

/**
 * The clinic's brand kit (issues #16 §5, #21): any member reads it, the routes let an owner or
 * admin change it. Nothing is saved half-way: a new logo is written to
 * its own file before the record names it, and removed again when the record is not written;
 * a replaced or removed logo's file goes only once the record no longer names it.
 */
export class BrandService {
  constructor(private readonly deps: BrandServiceDependencies) {}

  async get(clinicId: string): Promise<BrandKit> {
    return toBrandKit(await this.deps.kits.find(clinicId));
  }

  /** Saves the text and look; `hasLogo: false` removes the saved logo, `true` keeps it. */
  async save(editor: BrandEditor, kit: BrandKit): Promise<BrandKit> {
    const { row, dropped } = await this.deps.kits.withLockedKit(editor, async (locked) => {
      const current = locked.row;
      if (kit.hasLogo && !current?.logo_key) {
        throw new AppError(
          'validation_failed',
          'hasLogo is true but no logo is saved. Upload the logo first (PUT /api/brand/logo), or send hasLogo: false.',
          { field: 'hasLogo' },
        );
      }
      const keepsLogo = kit.hasLogo && current?.logo_key;
      const saved = await locked.save({
        clinic_name: kit.clinicName,
        contact: kit.contact,
        accent_color: kit.accentColor,
        typeface: kit.typeface,
        logo_key: keepsLogo ? current.logo_key : null,
        logo_content_type: keepsLogo ? current.logo_content_type : null,
      });
      return { row: saved, dropped: keepsLogo ? null : (current?.logo_key ?? null) };
    });
    await this.removeFile(dropped);
    return toBrandKit(row);
  }

  /** Checks the logo exactly as a logo sent with a video, then saves it (replacing any). */
  async saveLogo(editor: BrandEditor, bytes: Uint8Array): Promise<BrandKit> {
    const { contentType } = await this.deps.inspectLogo(bytes);
    const key = await this.deps.logos.write(bytes);
    let saved: { row: BrandKitRow; replaced: string | null };
    try {
      saved = await this.deps.kits.withLockedKit(editor, async (locked) => ({
        row: await locked.save({
          ...kitValues(locked.row),
          logo_key: key,
          logo_content_type: contentType,
        }),
        replaced: locked.row?.logo_key ?? null,
      }));
    } catch (error) {
      await this.removeFile(key);
      throw error;
    }
    await this.removeFile(saved.replaced);
    return toBrandKit(saved.row);
  }

  async removeLogo(editor: BrandEditor): Promise<BrandKit> {
    const { row, dropped } = await this.deps.kits.withLockedKit(editor, async (locked) => {
      if (!locked.row) return { row: undefined, dropped: null };
      const saved = await locked.save({
        ...kitValues(locked.row),
        logo_key: null,
        logo_content_type: null,
      });
      return { row: saved, dropped: locked.row.logo_key };
    });
    await this.removeFile(dropped);
    return toBrandKit(row);
  }

  /** The saved logo's bytes and type, for the dashboard's and /generate's preview. */
  async readLogo(clinicId: string): Promise<{ bytes: Uint8Array; contentType: string }> {
    const row = await this.deps.kits.find(clinicId);
    const bytes = await this.readSavedLogo(row);
    if (!bytes || !row?.logo_content_type) {
      throw new AppError('not_found', "No logo is saved in your clinic's brand kit.");
    }
    return { bytes, contentType: row.logo_content_type };
  }

  /**
   * What a render for `clinicId` (the clinic the video will belong to) applies where the request
   * says nothing; the logo is read only when the request brought none of its own.
   */
  async forRender(clinicId: string, options: { withLogo: boolean }): Promise<BrandForRender> {
    const row = await this.deps.kits.find(clinicId);
    return { kit: toBrandKit(row), logo: options.withLogo ? await this.readSavedLogo(row) : null };
  }

  /**
   * The file the row names. A missing file (a data folder restored without it) means no logo:
   * a video without one beats a video refused, and the log says what is missing.
   */
  private async readSavedLogo(row: BrandKitRow | undefined): Promise<Uint8Array | null> {
    if (!row?.logo_key) return null;
    const bytes = await this.deps.logos.read(row.logo_key);
    if (!bytes) {
      this.deps.log.error(
        { clinicId: row.clinic_id, logoKey: row.logo_key },
        'a saved brand logo file is missing',
      );
    }
    return bytes;
  }

  /**
   * A file no record names any more. Failing to delete it leaves an unused file, never a
   * wrong kit, so the save still succeeds; the log says which file to clear.
   */
  private async removeFile(key: string | null): Promise<void> {
    if (key === null) return;
    await this.deps.logos.remove(key).catch((error: unknown) => {
      this.deps.log.error({ err: error, logoKey: key }, 'could not remove an unused brand logo');
    });
  }
}

/** The text and look of a row, or the defaults for a clinic that saved none yet. */
function kitValues(row: BrandKitRow | undefined) {
  const kit = toBrandKit(row);
  return {
    clinic_name: kit.clinicName,
    contact: kit.contact,
    accent_color: kit.accentColor,
    typeface: kit.typeface,
  };
}

function toBrandKit(row: BrandKitRow | undefined): BrandKit {
  if (!row) return DEFAULT_BRAND_KIT;
  return {
    clinicName: row.clinic_name,
    contact: row.contact,
    accentColor: row.accent_color,
    typeface: row.typeface as Typeface,
    hasLogo: row.logo_key !== null,
  };
}
