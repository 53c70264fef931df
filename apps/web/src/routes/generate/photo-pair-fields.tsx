import { useId, useState, type DragEvent, type ReactNode } from 'react';
import type { PairSide, PairSlotState, PhotoPair } from '../../lib/preview/use-photo-pair.ts';
import { PHOTO_PICKER_ACCEPT, smallPhotoNote } from './photo-rules.ts';

interface PhotoPairFieldsProps {
  pair: PhotoPair;
  /** Per side: why the last file chosen there was refused. */
  errors: Record<PairSide, string | null>;
  onChoose: (side: PairSide, file: File) => void;
  isDisabled: boolean;
  /** The mode switch, shown under the heading. */
  modeSwitch: ReactNode;
}

const SIDE_LABELS: Record<PairSide, string> = { before: 'Before photo', after: 'After photo' };

/** Step 1 for a pair: two drop zones (before, after) and a button that swaps them. */
export function PhotoPairFields({
  pair,
  errors,
  onChoose,
  isDisabled,
  modeSwitch,
}: PhotoPairFieldsProps) {
  const isReading = pair.before.status === 'reading' || pair.after.status === 'reading';
  const canSwap =
    !isDisabled && !isReading && (pair.before.status !== 'empty' || pair.after.status !== 'empty');
  return (
    <section aria-labelledby="upload-heading">
      <h2 id="upload-heading" className="text-lg font-semibold text-slate-900">
        1. Choose the before &amp; after photos
      </h2>
      {modeSwitch}
      <p className="mt-3 text-sm text-slate-600">
        Two separate photos, in the same pose and light. JPG, PNG, WEBP, GIF or HEIC (iPhone), up to
        10 MB each.
      </p>
      <div className="mt-3 grid grid-cols-1 items-start gap-3 sm:grid-cols-[1fr_auto_1fr]">
        <PairSlot
          side="before"
          state={pair.before}
          error={errors.before}
          onChoose={onChoose}
          isDisabled={isDisabled}
        />
        <button
          type="button"
          onClick={pair.swap}
          disabled={!canSwap}
          aria-label="Swap the before and after photos"
          className="self-center justify-self-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400"
        >
          ⇄ Swap
        </button>
        <PairSlot
          side="after"
          state={pair.after}
          error={errors.after}
          onChoose={onChoose}
          isDisabled={isDisabled}
        />
      </div>
    </section>
  );
}

function PairSlot({
  side,
  state,
  error,
  onChoose,
  isDisabled,
}: {
  side: PairSide;
  state: PairSlotState;
  error: string | null;
  onChoose: (side: PairSide, file: File) => void;
  isDisabled: boolean;
}) {
  const inputId = useId();
  const statusId = useId();
  const [isDragging, setIsDragging] = useState(false);
  const takeFirst = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onChoose(side, file);
  };
  const onDragOver = (event: DragEvent) => {
    if (isDisabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    if (!isDisabled) takeFirst(event.dataTransfer.files);
  };
  return (
    <div>
      <div
        onDragOver={onDragOver}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed p-4 text-center transition ${
          isDragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white'
        }`}
      >
        <p className="text-sm font-semibold text-slate-800">{SIDE_LABELS[side]}</p>
        <input
          id={inputId}
          type="file"
          accept={PHOTO_PICKER_ACCEPT}
          aria-label={`Upload the ${side} photo`}
          aria-describedby={statusId}
          disabled={isDisabled}
          onClick={(event) => {
            event.currentTarget.value = '';
          }}
          onChange={(event) => takeFirst(event.currentTarget.files)}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center justify-center rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:bg-slate-300 peer-disabled:text-slate-500"
        >
          {state.status === 'empty' ? 'Choose' : 'Replace'}
        </label>
        <p className="text-xs text-slate-500">or drop it here</p>
      </div>
      <div id={statusId} className="mt-2 space-y-1 text-sm" data-testid={`pair-${side}-status`}>
        <SlotStatus state={state} />
        {error !== null && (
          <p role="alert" className="text-accent-600">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

function SlotStatus({ state }: { state: PairSlotState }) {
  switch (state.status) {
    case 'empty':
      return <p className="text-slate-500">No photo chosen yet.</p>;
    case 'reading':
      return (
        <p role="status" className="text-slate-600">
          Reading <span className="font-medium break-all">{state.fileName}</span>...
        </p>
      );
    case 'failed':
      return (
        <p className="text-accent-600">
          <span className="font-medium break-all">{state.fileName}</span> could not be read as a
          photo.
        </p>
      );
    case 'ready': {
      const { decoded, fileName } = state.photo;
      const note = smallPhotoNote(decoded);
      return (
        <>
          <p className="text-slate-700">
            Chosen: <span className="font-medium break-all">{fileName}</span>{' '}
            <span className="text-slate-500">
              ({decoded.width}×{decoded.height} px)
            </span>
          </p>
          {note !== null && <p className="text-amber-700">{note}</p>}
        </>
      );
    }
  }
}
