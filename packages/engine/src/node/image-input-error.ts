/**
 * Why an uploaded photo was refused. The API returns the code (SPEC §8 names `invalid_image_format`);
 * the UI shows one generic sentence for all of them, so the message is for logs and API clients:
 * it says what was wrong and how to fix it.
 */
export type ImageInputErrorCode =
  | 'empty_image'
  | 'image_too_large'
  | 'invalid_image_format'
  | 'animated_image'
  | 'truncated_image'
  | 'image_too_many_pixels'
  | 'image_too_small';

// Plain fields rather than a parameter property: the render worker loads the engine with
// Node's own type stripping, which accepts only erasable TypeScript.
export class ImageInputError extends Error {
  override readonly name = 'ImageInputError';
  readonly code: ImageInputErrorCode;

  constructor(code: ImageInputErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

export function isImageInputError(error: unknown): error is ImageInputError {
  return error instanceof ImageInputError;
}
