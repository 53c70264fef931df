import { MIN_PANEL_SIDE } from '../analysis/split.ts';
import { ImageInputError } from './image-input-error.ts';

/**
 * What one uploaded file becomes in the video: a composite is cut into a before and an after
 * panel; a photo of a pair is a whole panel.
 */
export type UploadRole = 'composite' | 'photo';

/**
 * Refuses a file whose panels would be under MIN_PANEL_SIDE in either dimension (a 1 × 1 GIF
 * used to pass and then fail mid-render with "Failed to construct 'ImageData'"). The split
 * never cuts off a panel under that size, and falls back to cutting the longer side in the
 * middle, so a composite needs twice the minimum along its longer side.
 */
export function assertPanelsBigEnough(
  size: { width: number; height: number },
  role: UploadRole,
): void {
  const { width, height } = size;
  const min = MIN_PANEL_SIDE;
  if (role === 'photo') {
    if (Math.min(width, height) >= min) return;
    throw new ImageInputError(
      'image_too_small',
      `The image is ${width} × ${height} px; a before or after photo must be at least ${min} × ${min} px. Upload the original, full-size photo.`,
    );
  }
  if (Math.min(width, height) >= min && Math.max(width, height) >= 2 * min) return;
  throw new ImageInputError(
    'image_too_small',
    `The image is ${width} × ${height} px, too small to cut into a before and an after photo: each must be at least ${min} × ${min} px, so a composite needs at least ${2 * min} × ${min} px side by side (${min} × ${2 * min} px stacked). Upload the original, full-size composite.`,
  );
}
