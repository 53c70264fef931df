import { useCallback, useRef, useState } from 'react';
import { analyzePhoto, type AnalyzedPhoto } from './split-photo.ts';

export type PhotoState =
  | { status: 'empty' }
  | { status: 'analyzing'; fileName: string }
  | { status: 'ready'; file: File; photo: AnalyzedPhoto }
  | { status: 'failed'; fileName: string };

/**
 * The photo the clinic chose, decoded and split in the browser. Choosing again while one
 * is still being read drops the older result, so the last choice always wins.
 */
export function usePhotoAnalysis(): {
  state: PhotoState;
  choose: (file: File) => void;
  clear: () => void;
} {
  const [state, setState] = useState<PhotoState>({ status: 'empty' });
  const latest = useRef(0);

  const choose = useCallback((file: File) => {
    const attempt = ++latest.current;
    setState({ status: 'analyzing', fileName: file.name });
    analyzePhoto(file).then(
      (photo) => {
        if (attempt === latest.current) setState({ status: 'ready', file, photo });
      },
      () => {
        if (attempt === latest.current) setState({ status: 'failed', fileName: file.name });
      },
    );
  }, []);

  const clear = useCallback(() => {
    latest.current += 1;
    setState({ status: 'empty' });
  }, []);

  return { state, choose, clear };
}
