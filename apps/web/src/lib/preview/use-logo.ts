import { useEffect, useState } from 'react';

/** The server's logo limits (packages/engine/src/node/decode-logo.ts). */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
export const ACCEPTED_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export type LogoState =
  | { status: 'none' }
  | { status: 'loading'; file: File }
  | { status: 'ready'; file: File; image: ImageBitmap }
  | { status: 'failed'; message: string };

/** Why a chosen logo cannot be used, or null when it may be decoded. */
export function checkLogoFile(file: File): string | null {
  if (!ACCEPTED_LOGO_TYPES.includes(file.type)) {
    return `"${file.name}" is not a PNG, JPG or WEBP image. Please choose your logo in one of those formats.`;
  }
  if (file.size > MAX_LOGO_BYTES) {
    const megabytes = (file.size / (1024 * 1024)).toFixed(1);
    return `"${file.name}" is ${megabytes} MB; a logo can be at most 2 MB. Please export a smaller one.`;
  }
  return null;
}

/**
 * The clinic's logo, decoded once for the live preview; the same file goes to the server
 * with the photo. A file the browser cannot decode is refused here with a clear message.
 */
export function useLogo() {
  const [state, setState] = useState<LogoState>({ status: 'none' });
  const loadingFile = state.status === 'loading' ? state.file : null;

  useEffect(() => {
    if (!loadingFile) return;
    let isCurrent = true;
    createImageBitmap(loadingFile).then(
      (image) => {
        if (isCurrent) setState({ status: 'ready', file: loadingFile, image });
        else image.close();
      },
      () => {
        if (isCurrent) {
          setState({
            status: 'failed',
            message: `"${loadingFile.name}" could not be read as an image. Please choose another logo file.`,
          });
        }
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [loadingFile]);

  // The decoded bitmap holds memory until it is closed.
  const readyImage = state.status === 'ready' ? state.image : null;
  useEffect(() => () => readyImage?.close(), [readyImage]);

  return {
    state,
    choose: (file: File) => {
      const problem = checkLogoFile(file);
      setState(problem ? { status: 'failed', message: problem } : { status: 'loading', file });
    },
    clear: () => setState({ status: 'none' }),
    /** The brand kit's saved logo, unless the clinic has already chosen or refused one. */
    prefill: (file: File) =>
      setState((current) => (current.status === 'none' ? { status: 'loading', file } : current)),
  };
}
