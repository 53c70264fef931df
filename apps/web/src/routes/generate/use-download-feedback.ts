import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedbackCategory } from './generate-copy.ts';

export type FeedbackAnswer =
  { rating: 'good' } | { rating: 'bad'; category: FeedbackCategory; details: string };

export type FeedbackState =
  | { step: 'waiting' }
  | { step: 'asking' }
  | { step: 'explaining' }
  /** `answer` is null when the clinic cancelled the "bad" dialog: that counts as done too. */
  | { step: 'done'; answer: FeedbackAnswer | null };

/** SPEC §9: the Good/Bad prompt appears 1000 ms after the download starts. */
const PROMPT_DELAY_MS = 1000;

/**
 * SPEC §4 feedback for one video: asked once, about a second after its download link is
 * used. The answer stays on this page for now; storing it (DESIGN.md D10) needs the server
 * endpoint that comes with the billing/feedback issue.
 */
export function useDownloadFeedback() {
  const [state, setState] = useState<FeedbackState>({ step: 'waiting' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const onDownload = useCallback(() => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      setState((current) => (current.step === 'waiting' ? { step: 'asking' } : current));
    }, PROMPT_DELAY_MS);
  }, []);

  const answerGood = useCallback(() => setState({ step: 'done', answer: { rating: 'good' } }), []);
  const answerBad = useCallback(() => setState({ step: 'explaining' }), []);
  const submitBad = useCallback(
    (category: FeedbackCategory, details: string) =>
      setState({ step: 'done', answer: { rating: 'bad', category, details } }),
    [],
  );
  const cancelBad = useCallback(() => setState({ step: 'done', answer: null }), []);

  return { state, onDownload, answerGood, answerBad, submitBad, cancelBad };
}
