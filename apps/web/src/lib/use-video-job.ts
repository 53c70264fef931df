import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ME_QUERY_KEY } from './auth-context.ts';
import {
  fetchVideo,
  parseVideoEvent,
  VIDEOS_QUERY_KEY,
  videoEventsUrl,
  type VideoRecord,
} from './videos-api.ts';

export type VideoJobState =
  | { status: 'processing'; stage: number; progress: number }
  | { status: 'completed'; record: VideoRecord }
  | { status: 'failed'; errorMessage: string };

const POLL_INTERVAL_MS = 2000;
/** Dropped connections EventSource may reconnect on its own before we switch to polling. */
const MAX_STREAM_ERRORS = 3;

function stateFromRecord(record: VideoRecord): VideoJobState {
  switch (record.status) {
    case 'completed':
      return { status: 'completed', record };
    case 'failed':
      return { status: 'failed', errorMessage: record.errorMessage ?? '' };
    case 'processing':
      return { status: 'processing', stage: record.stage, progress: record.progress };
  }
}

/**
 * Follows one accepted video until it completes or fails: Server-Sent Events first (their
 * first event is the current state, so a reconnect catches up), polling GET /api/videos/:id
 * every 2 s when the stream is unavailable. Refreshes the profile's credits at the end,
 * since the reserved credit is then committed or refunded, and the video lists.
 */
export function useVideoJob(video: VideoRecord | null): VideoJobState | null {
  const queryClient = useQueryClient();
  const [latest, setLatest] = useState<{ id: string; state: VideoJobState } | null>(null);
  const videoId = video?.id ?? null;

  useEffect(() => {
    if (videoId === null) return;
    const id = videoId;
    let isStopped = false;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let streamErrors = 0;

    const stop = () => {
      isStopped = true;
      source.close();
      clearTimeout(pollTimer);
    };
    const publish = (state: VideoJobState) => {
      if (isStopped) return;
      setLatest({ id, state });
      if (state.status !== 'processing') {
        stop();
        void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
      }
    };
    const poll = () => {
      clearTimeout(pollTimer);
      pollTimer = setTimeout(() => {
        fetchVideo(id)
          .then((record) => publish(stateFromRecord(record)))
          // A missed poll is retried on the next tick; the job keeps running server-side.
          .catch(() => undefined)
          .finally(() => {
            if (!isStopped) poll();
          });
      }, POLL_INTERVAL_MS);
    };

    const source = new EventSource(videoEventsUrl(id));
    source.addEventListener('progress', (event) => {
      const parsed = parseVideoEvent(event.data as string);
      if (parsed?.type === 'progress') publish({ ...parsed, status: 'processing' });
    });
    source.addEventListener('completed', () => {
      // The stream ends here; closing first stops EventSource from reconnecting to it.
      source.close();
      fetchVideo(id).then((record) => publish(stateFromRecord(record)), poll);
    });
    source.addEventListener('failed', (event) => {
      source.close();
      const parsed = parseVideoEvent(event.data as string);
      publish({
        status: 'failed',
        errorMessage: parsed?.type === 'failed' ? parsed.errorMessage : '',
      });
    });
    source.addEventListener('error', () => {
      streamErrors += 1;
      // CLOSED means the browser gave up (an HTTP error); otherwise it is reconnecting.
      if (source.readyState === EventSource.CLOSED || streamErrors >= MAX_STREAM_ERRORS) {
        source.close();
        poll();
      }
    });
    return stop;
  }, [videoId, queryClient]);

  if (video === null) return null;
  return latest?.id === video.id ? latest.state : stateFromRecord(video);
}
