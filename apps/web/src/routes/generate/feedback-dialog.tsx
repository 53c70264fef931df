import { useEffect, useId, useRef, useState } from 'react';
import { inputClass, labelClass, primaryButtonClass } from '../../components/form-styles.ts';
import { FEEDBACK_CATEGORIES, type FeedbackCategory } from './generate-copy.ts';

interface FeedbackDialogProps {
  onSubmit: (category: FeedbackCategory, details: string) => void;
  onCancel: () => void;
}

/**
 * SPEC §4 "Bad" feedback. A native modal <dialog> keeps focus inside and closes on Escape;
 * Submit stays disabled until a category is chosen (SPEC §5).
 */
export function FeedbackDialog({ onSubmit, onCancel }: FeedbackDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [category, setCategory] = useState<FeedbackCategory | null>(null);
  const [details, setDetails] = useState('');

  useEffect(() => {
    const dialog = dialogRef.current;
    dialog?.showModal();
    return () => dialog?.close();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (category) onSubmit(category, details.trim());
        }}
        className="space-y-4 p-6"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          What went wrong?
        </h2>
        <fieldset className="space-y-2">
          <legend className="sr-only">Problem category</legend>
          {FEEDBACK_CATEGORIES.map((item) => (
            <label
              key={item}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="feedback-category"
                value={item}
                checked={category === item}
                onChange={() => setCategory(item)}
                className="size-4 accent-brand-700"
              />
              {item}
            </label>
          ))}
        </fieldset>
        <div>
          <label htmlFor={`${titleId}-details`} className={labelClass}>
            Details <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea
            id={`${titleId}-details`}
            rows={3}
            maxLength={1000}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            className={inputClass}
          />
        </div>
        <div className="flex gap-3">
          <button
            type="button"
            onClick={onCancel}
            className="inline-flex w-full items-center justify-center rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-700 hover:bg-slate-50"
          >
            Cancel
          </button>
          <button type="submit" disabled={category === null} className={primaryButtonClass}>
            Submit
          </button>
        </div>
      </form>
    </dialog>
  );
}
