// SPEC §5 image requirements: JPG, PNG, WEBP or (still) GIF, under 10 MB, and at least
// 720 px on the smallest side for a sharp video; and HEIC/HEIF, the iPhone's default (issue
// #16 §6). The server checks all of this again, by the file's bytes.
export const ACCEPTED_PHOTO_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
];
/** Browsers outside Apple's often give a HEIC file no type at all: its name has to do. */
const HEIC_NAME = /\.(heic|heif)$/i;
/** What the file picker offers: the types, and the HEIC extensions for those browsers. */
export const PHOTO_PICKER_ACCEPT = [...ACCEPTED_PHOTO_TYPES, '.heic', '.heif'].join(',');
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const RECOMMENDED_SHORT_SIDE = 720;

/** Why a chosen file cannot be used, or null when it can be read. */
export function checkPhotoFile(file: File): string | null {
  const isHeicByName =
    (file.type === '' || file.type === 'application/octet-stream') && HEIC_NAME.test(file.name);
  if (!ACCEPTED_PHOTO_TYPES.includes(file.type) && !isHeicByName) {
    const kind = file.type === '' ? 'a file of unknown type' : `a ${file.type} file`;
    return `"${file.name}" is ${kind}. Please upload a JPG, PNG, WEBP, GIF or HEIC photo.`;
  }
  if (file.size > MAX_PHOTO_BYTES) {
    const megabytes = (file.size / (1024 * 1024)).toFixed(1);
    return `"${file.name}" is ${megabytes} MB. The photo is larger than 10 MB. Please upload a smaller image.`;
  }
  return null;
}

/** A gentle note, not an error: small photos render, just less sharply. */
export function smallPhotoNote(size: { width: number; height: number }): string | null {
  const shortSide = Math.min(size.width, size.height);
  if (shortSide >= RECOMMENDED_SHORT_SIDE) return null;
  return `This photo is ${size.width}×${size.height} px. At least ${RECOMMENDED_SHORT_SIDE} px on the shortest side gives a sharper video.`;
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
