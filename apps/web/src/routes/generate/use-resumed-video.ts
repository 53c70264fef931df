import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import {
  fetchRunningVideo,
  fetchVideo,
  RUNNING_VIDEO_QUERY_KEY,
  VIDEO_PAGE_PARAM as VIDEO_PARAM,
  VIDEOS_QUERY_KEY,
  type VideoRecord,
} from '../../lib/videos-api.ts';

export function videoQueryKey(id: string) {
  return [...VIDEOS_QUERY_KEY, 'one', id] as const;
}

/**
 * The render /generate shows when it opens, from the server's record (a refresh or Back used
 * to lose it while the credit stayed spent):
 * - /generate?video=<id>: that video in whatever state it is. Starting or picking up a render
 *   writes its id into the address (replacing the history entry), so a refresh, or Back then
 *   Forward, shows its live progress, or its result or failure if it ended meanwhile.
 * - plain /generate: the clinic's newest render still running on the server, if any.
 * `follow(id)` is called when the page starts a render of its own.
 */
export function useResumedVideo() {
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedId = searchParams.get(VIDEO_PARAM);
  const query = useQuery<VideoRecord | null>({
    queryKey: linkedId === null ? RUNNING_VIDEO_QUERY_KEY : videoQueryKey(linkedId),
    queryFn: () => (linkedId === null ? fetchRunningVideo() : fetchVideo(linkedId)),
    // Always the server's state on arrival, never a copy cached by an earlier visit.
    gcTime: 0,
    // Moving from "the running one" to its own address keeps it on screen meanwhile.
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const foundId = linkedId === null ? (query.data?.id ?? null) : null;

  useEffect(() => {
    // Pin a running render found on arrival to the address, so it survives its own end.
    if (foundId !== null) setSearchParams({ [VIDEO_PARAM]: foundId }, { replace: true });
  }, [foundId, setSearchParams]);

  const follow = (id: string) => setSearchParams({ [VIDEO_PARAM]: id }, { replace: true });
  return { query, linkedId, follow };
}
