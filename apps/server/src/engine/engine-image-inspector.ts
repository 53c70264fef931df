import {
  decodeImage,
  decodeLogo,
  isImageInputError,
  sniffImageFormat,
} from '@glowreel/engine/node';
import { AppError } from '../errors.ts';
import type { ImageInspector, InspectedImage } from '../services/videos.service.ts';

/**
 * The upload check decodes every row (that is how a cut-off file is caught) but keeps only a
 * thumbnail this size: the request never holds the photo's full pixels, so eight 40-megapixel
 * uploads at once cost a few MB each instead of up to 400 MB (16-bit PNG plus its 8-bit copy).
 */
const CHECK_SIDE = 256;

// Checks the whole upload in the request (sharp works off the event loop), so a file that
// cannot render is refused before a credit is reserved or a record written.
export const engineImageInspector: ImageInspector = {
  async inspect(bytes, role): Promise<InspectedImage> {
    try {
      const decoded = await decodeImage(bytes, {
        background: '#000000',
        maxSide: CHECK_SIDE,
        role,
      });
      return { width: decoded.width, height: decoded.height, warnings: decoded.warnings };
    } catch (error) {
      if (isImageInputError(error)) throw new AppError(error.code, error.message);
      throw error;
    }
  },

  async inspectLogo(bytes: Uint8Array): Promise<{ contentType: string }> {
    try {
      return await checkKeptPicture(bytes);
    } catch (error) {
      if (!isImageInputError(error)) throw error;
      // Its own code, so a client never mistakes a bad logo for a bad patient photo.
      throw new AppError('invalid_logo', `The logo could not be used. ${error.message}`, {
        field: 'logo',
        reason: error.code,
      });
    }
  },

  async inspectProfilePhoto(bytes: Uint8Array): Promise<{ contentType: string }> {
    try {
      return await checkKeptPicture(bytes);
    } catch (error) {
      if (!isImageInputError(error)) throw error;
      throw new AppError(error.code, error.message, { field: 'photo' });
    }
  },
};

/**
 * A picture the server keeps and serves back as uploaded (a brand logo, a profile photo): the
 * logo's checks and limits, and the type its bytes really are.
 */
async function checkKeptPicture(bytes: Uint8Array): Promise<{ contentType: string }> {
  await decodeLogo(bytes);
  // decodeLogo accepted it, so it is one of the formats the sniff knows.
  const format = sniffImageFormat(bytes);
  if (!format) throw new Error('a picture passed the checks in a format the sniff does not know');
  return { contentType: `image/${format}` };
}
