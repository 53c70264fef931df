import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { sha256Hex, submitFeedback } from '../../lib/billing-api.ts';
import type { FeedbackCategory } from './generate-copy.ts';

export type FeedbackAnswer =
  { rating: 'good' } | { rating: 'bad'; category: FeedbackCategory; details: string };

export type FeedbackState =
  | { step: 'waiting' }
  | { step: 'asking' }
  | { step: 'explaining' }
  /** `answer` is null when the clinic cancelled the "bad" dialog: that counts as done too. */
  | { step: 'done'; answer: FeedbackAnswer | null };

/** What the stored feedback is about (DESIGN.md D10). */
export interface FeedbackTarget {
  videoId: string;
  prompt: string | null;
  /** The uploaded photo: its SHA-256 is stored, never the bytes. */
  image: Blob | null;
}

/** SPEC §9: the Good/Bad prompt appears 1000 ms after the download starts. */
const PROMPT_DELAY_MS = 1000;
const DOWNLOAD_PATH = /\/api\/videos\/([^/?#]+)\/download/;

/**
 * SPEC §4 feedback for one video: asked once, about a second after its download link is
 * used, and stored through POST /api/feedback. Without a `target` the video is read from the
 * download link that was clicked (and no image hash can be sent).
 */
export function useDownloadFeedback(target?: FeedbackTarget) {
  const [state, setState] = useState<FeedbackState>({ step: 'waiting' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clickedVideoId = useRef<string | null>(null);
  const latestTarget = useRef(target);
  useEffect(() => {
    latestTarget.current = target;
  }, [target]);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const onDownload = useCallback((event?: MouseEvent<HTMLAnchorElement>) => {
    const href = event?.currentTarget.getAttribute('href') ?? '';
    clickedVideoId.current = DOWNLOAD_PATH.exec(href)?.[1] ?? clickedVideoId.current;
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      setState((current) => (current.step === 'waiting' ? { step: 'asking' } : current));
    }, PROMPT_DELAY_MS);
  }, []);

  const store = useCallback((answer: FeedbackAnswer) => {
    const videoId = latestTarget.current?.videoId ?? clickedVideoId.current;
    if (videoId === null) return;
    // The thank-you shows at once (SPEC §4); a failed save is only worth a console note.
    void send(videoId, answer, latestTarget.current).catch((error: unknown) =>
      console.warn('feedback was not saved', error),
    );
  }, []);

  const answerGood = useCallback(() => {
    setState({ step: 'done', answer: { rating: 'good' } });
    store({ rating: 'good' });
  }, [store]);
  const answerBad = useCallback(() => setState({ step: 'explaining' }), []);
  const submitBad = useCallback(
    (category: FeedbackCategory, details: string) => {
      const answer: FeedbackAnswer = { rating: 'bad', category, details };
      setState({ step: 'done', answer });
      store(answer);
    },
    [store],
  );
  const cancelBad = useCallback(() => setState({ step: 'done', answer: null }), []);

  return { state, onDownload, answerGood, answerBad, submitBad, cancelBad };
}

async function send(
  videoId: string,
  answer: FeedbackAnswer,
  target: FeedbackTarget | undefined,
): Promise<void> {
  await submitFeedback({
    rating: answer.rating,
    category: answer.rating === 'bad' ? answer.category : null,
    text: answer.rating === 'bad' && answer.details !== '' ? answer.details : null,
    videoId,
    compositeImageHash: target?.image ? await sha256Hex(target.image) : null,
    userAgent: navigator.userAgent,
    prompt: target?.prompt ?? null,
    timestamp: new Date().toISOString(),
  });
}
