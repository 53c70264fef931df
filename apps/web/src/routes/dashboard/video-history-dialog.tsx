import { useQuery } from '@tanstack/react-query';
import { Film, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { fetchVideos, VIDEOS_QUERY_KEY } from '../../lib/videos-api.ts';
import { VideoHistoryItem } from './video-history-item.tsx';

/** While a render runs the list re-reads itself, so its badge turns without a reload. */
const PROCESSING_POLL_MS = 2000;

interface VideoHistoryDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/** SPEC §2 Video History: a grid of the clinic's videos in a modal (focus trapped, Esc closes). */
export function VideoHistoryDialog({ isOpen, onOpenChange }: VideoHistoryDialogProps) {
  const [playingId, setPlayingId] = useState<string | null>(null);
  const history = useQuery({
    queryKey: VIDEOS_QUERY_KEY,
    queryFn: fetchVideos,
    enabled: isOpen,
    refetchInterval: (query) =>
      query.state.data?.some((video) => video.status === 'processing') ? PROCESSING_POLL_MS : false,
  });
  const videos = history.data ?? [];

  return (
    <Dialog.Root
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) setPlayingId(null);
        onOpenChange(open);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-4xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl bg-white shadow-2xl">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-5 sm:p-6">
            <div>
              <Dialog.Title className="text-xl font-bold text-slate-900">
                Video History
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-slate-600">
                Every video your clinic has made, newest first.
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto p-5 sm:p-6">
            {history.isPending ? (
              <p className="py-10 text-center text-slate-600">Loading...</p>
            ) : history.isError ? (
              <p role="alert" className="py-10 text-center text-accent-700">
                Could not load your videos. Please try again.
              </p>
            ) : videos.length === 0 ? (
              <EmptyHistory />
            ) : (
              <>
                <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {videos.map((video) => (
                    <VideoHistoryItem
                      key={video.id}
                      video={video}
                      isPlaying={playingId === video.id}
                      onPlay={() => setPlayingId(video.id)}
                    />
                  ))}
                </ul>
                <p className="mt-5 text-sm text-slate-600" aria-live="polite">
                  Showing {videos.length} {videos.length === 1 ? 'video' : 'videos'}
                </p>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function EmptyHistory() {
  return (
    <div className="flex flex-col items-center py-12 text-center">
      <Film aria-hidden="true" className="size-10 text-slate-400" />
      <p className="mt-3 font-semibold text-slate-900">No videos yet</p>
      <p className="mt-1 text-sm text-slate-600">
        Videos you generate appear here, ready to play and download.
      </p>
      <Link to="/generate" className="mt-5 font-semibold">
        Create your first video
      </Link>
    </div>
  );
}
