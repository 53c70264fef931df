import { decodeImage, decodeLogo, isImageInputError } from '@glowreel/engine/node';
import { AppError } from '../errors.ts';
import type { ImageInspector, InspectedImage } from '../services/videos.service.ts';

// Decodes the whole upload once in the request (sharp works off the event loop), so a
// file that cannot render is refused before a credit is reserved or a record written.
export const engineImageInspector: ImageInspector = {
  async inspect(bytes: Uint8Array): Promise<InspectedImage> {
    try {
      const decoded = await decodeImage(bytes, { background: '#000000' });
      return { width: decoded.width, height: decoded.height, warnings: decoded.warnings };
    } catch (error) {
      if (isImageInputError(error)) throw new AppError(error.code, error.message);
      throw error;
    }
  },

  async inspectLogo(bytes: Uint8Array): Promise<void> {
    try {
      await decodeLogo(bytes);
    } catch (error) {
      if (!isImageInputError(error)) throw error;
      // Its own code, so a client never mistakes a bad logo for a bad patient photo.
      throw new AppError('invalid_logo', `The logo could not be used. ${error.message}`, {
        field: 'logo',
        reason: error.code,
      });
    }
  },
};
