import { useId, useState, type DragEvent, type ReactNode } from 'react';
import type { PhotoState } from '../../lib/preview/use-photo-analysis.ts';
import { describeSplit } from '../../lib/preview/split-photo.ts';
import { PHOTO_PICKER_ACCEPT, smallPhotoNote } from './photo-rules.ts';

interface PhotoDropZoneProps {
  state: PhotoState;
  /** A message about the last file that was refused or could not be read. */
  error: string | null;
  onChoose: (file: File) => void;
  isDisabled: boolean;
  /** The composite/pair switch, shown under the heading. */
  modeSwitch?: ReactNode;
}

/** Step 1: one composite photo, dropped or picked; the input itself takes keyboard focus. */
export function PhotoDropZone({
  state,
  error,
  onChoose,
  isDisabled,
  modeSwitch,
}: PhotoDropZoneProps) {
  const inputId = useId();
  const statusId = useId();
  const [isDragging, setIsDragging] = useState(false);

  const takeFirst = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onChoose(file);
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
    <section aria-labelledby="upload-heading">
      <h2 id="upload-heading" className="text-lg font-semibold text-slate-900">
        1. Choose the before &amp; after photo
      </h2>
      {modeSwitch}
      <div
        onDragOver={onDragOver}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={`mt-3 flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed p-6 text-center transition ${
          isDragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white'
        }`}
      >
        <p className="text-sm text-slate-600">
          One image with the before and the after side by side (or stacked). JPG, PNG, WEBP, GIF or
          HEIC (iPhone), up to 10 MB.
        </p>
        <input
          id={inputId}
          type="file"
          accept={PHOTO_PICKER_ACCEPT}
          aria-label="Upload your before & after photo"
          aria-describedby={statusId}
          disabled={isDisabled}
          // Picking the same file again after an error should still fire a change.
          onClick={(event) => {
            event.currentTarget.value = '';
          }}
          onChange={(event) => takeFirst(event.currentTarget.files)}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className="inline-flex cursor-pointer items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:bg-slate-300 peer-disabled:text-slate-500"
        >
          {state.status === 'empty' ? 'Choose a photo' : 'Choose another photo'}
        </label>
        <p className="text-xs text-slate-500">or drag and drop it here</p>
      </div>
      <div id={statusId} className="mt-3 space-y-1 text-sm">
        <PhotoStatus state={state} />
        {error !== null && (
          <p role="alert" className="text-accent-600">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}

function PhotoStatus({ state }: { state: PhotoState }) {
  switch (state.status) {
    case 'empty':
      return <p className="text-slate-500">No photo chosen yet.</p>;
    case 'analyzing':
      return (
        <p role="status" className="text-slate-600">
          Reading <span className="font-medium break-all">{state.fileName}</span>...
        </p>
      );
    case 'failed':
      return (
        <p className="text-slate-600">
          Chosen: <span className="font-medium break-all">{state.fileName}</span>
        </p>
      );
    case 'ready': {
      const { photo } = state;
      const note = smallPhotoNote(photo);
      return (
        <>
          <p className="text-slate-700">
            Chosen: <span className="font-medium break-all">{photo.fileName}</span>{' '}
            <span className="text-slate-500">
              ({photo.width}×{photo.height} px)
            </span>
          </p>
          <p className={photo.split.isFallback ? 'text-amber-700' : 'text-brand-800'}>
            {describeSplit(photo.split)}
          </p>
          {note !== null && <p className="text-amber-700">{note}</p>}
        </>
      );
    }
  }
}
