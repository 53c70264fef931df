import { useCallback, useMemo, useRef, useState } from 'react';
import { decodePhoto } from './decode-photo.ts';
import { analyzePair, type AnalyzedPhoto, type PairPhoto } from './split-photo.ts';

export type PairSide = 'before' | 'after';

export type PairSlotState =
  | { status: 'empty' }
  | { status: 'reading'; fileName: string }
  | { status: 'ready'; file: File; photo: PairPhoto }
  | { status: 'failed'; fileName: string };

export interface PhotoPair {
  before: PairSlotState;
  after: PairSlotState;
  /** Both photos composed as the render composes them, once both are read. */
  photo: AnalyzedPhoto | null;
  choose: (side: PairSide, file: File) => void;
  clear: (side: PairSide) => void;
  /** Exchanges the two photos (a pair exported in the wrong order), without reading them again. */
  swap: () => void;
}

const EMPTY: PairSlotState = { status: 'empty' };

/**
 * The two photos of a pair, each decoded in the browser. Like the single photo, the last
 * choice for a side wins even if an earlier one is still being read.
 */
export function usePhotoPair(): PhotoPair {
  const [slots, setSlots] = useState<Record<PairSide, PairSlotState>>({
    before: EMPTY,
    after: EMPTY,
  });
  const attempts = useRef<Record<PairSide, number>>({ before: 0, after: 0 });

  const choose = useCallback((side: PairSide, file: File) => {
    const attempt = ++attempts.current[side];
    const set = (state: PairSlotState) => {
      if (attempt === attempts.current[side]) setSlots((old) => ({ ...old, [side]: state }));
    };
    set({ status: 'reading', fileName: file.name });
    decodePhoto(file).then(
      (decoded) => set({ status: 'ready', file, photo: { fileName: file.name, decoded } }),
      () => set({ status: 'failed', fileName: file.name }),
    );
  }, []);

  const clear = useCallback((side: PairSide) => {
    attempts.current[side] += 1;
    setSlots((old) => ({ ...old, [side]: EMPTY }));
  }, []);

  const swap = useCallback(() => {
    // A read still under way would land on the side it was chosen for: cancel both.
    attempts.current.before += 1;
    attempts.current.after += 1;
    setSlots((old) => ({ before: old.after, after: old.before }));
  }, []);

  const { before, after } = slots;
  const photo = useMemo(
    () =>
      before.status === 'ready' && after.status === 'ready'
        ? analyzePair(before.photo, after.photo)
        : null,
    [before, after],
  );
  return { before, after, photo, choose, clear, swap };
}
