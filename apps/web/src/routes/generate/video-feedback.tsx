import { useEffect, useRef } from 'react';
import { FeedbackDialog } from './feedback-dialog.tsx';
import { GENERATE_TEXT } from './generate-copy.ts';
import type { useDownloadFeedback } from './use-download-feedback.ts';

type VideoFeedbackProps = Omit<ReturnType<typeof useDownloadFeedback>, 'onDownload'>;

/** The Good/Bad prompt after a download, the "Bad" dialog, then the thank-you note. */
export function VideoFeedback({
  state,
  answerGood,
  answerBad,
  submitBad,
  cancelBad,
}: VideoFeedbackProps) {
  const thanksRef = useRef<HTMLDivElement>(null);
  const isDone = state.step === 'done';
  useEffect(() => {
    // The prompt's buttons are gone: keep keyboard focus on what replaced them.
    if (isDone) thanksRef.current?.focus();
  }, [isDone]);

  switch (state.step) {
    case 'waiting':
      return null;
    case 'asking':
    case 'explaining':
      return (
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <p id="feedback-question" className="text-sm font-medium text-slate-800">
            How did this video turn out?
          </p>
          <div role="group" aria-labelledby="feedback-question" className="mt-3 flex gap-3">
            <button
              type="button"
              onClick={answerGood}
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-brand-50"
            >
              Good
            </button>
            <button
              type="button"
              onClick={answerBad}
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-accent-50"
            >
              Bad
            </button>
          </div>
          {state.step === 'explaining' && (
            <FeedbackDialog onSubmit={submitBad} onCancel={cancelBad} />
          )}
        </div>
      );
    case 'done':
      return (
        <div
          ref={thanksRef}
          tabIndex={-1}
          role="status"
          className="rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm"
        >
          <p className="font-medium text-brand-800">{GENERATE_TEXT.feedbackThanks}</p>
          <p className="mt-1 text-slate-600">{GENERATE_TEXT.feedbackDisclaimer}</p>
        </div>
      );
  }
}
