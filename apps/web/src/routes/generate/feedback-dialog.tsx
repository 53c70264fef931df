import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import { inputClass, labelClass, primaryButtonClass } from '../../components/form-styles.ts';
import { FEEDBACK_CATEGORIES, type FeedbackCategory } from './generate-copy.ts';

interface FeedbackDialogProps {
  onSubmit: (category: FeedbackCategory, details: string) => void;
  onCancel: () => void;
}

/**
 * SPEC §4 "Bad" feedback in a Radix dialog (focus trapped, Escape and the overlay cancel,
 * which counts as done). Submit stays disabled until a category is chosen (SPEC §5).
 */
export function FeedbackDialog({ onSubmit, onCancel }: FeedbackDialogProps) {
  const detailsId = useId();
  const [category, setCategory] = useState<FeedbackCategory | null>(null);
  const [details, setDetails] = useState('');

  return (
    <Dialog.Root
      open
      onOpenChange={(isOpen) => {
        if (!isOpen) onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white shadow-2xl">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (category) onSubmit(category, details.trim());
            }}
            className="space-y-4 p-6"
          >
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className="text-lg font-semibold text-slate-900">
                What went wrong?
              </Dialog.Title>
              <Dialog.Close
                aria-label="Close"
                className="-mt-2 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">
              Choose what was wrong with the video; details are optional.
            </Dialog.Description>
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
              <label htmlFor={detailsId} className={labelClass}>
                Details <span className="font-normal text-slate-500">(optional)</span>
              </label>
              <textarea
                id={detailsId}
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
