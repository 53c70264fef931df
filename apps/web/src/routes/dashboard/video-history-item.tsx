import { Download, Film, Play } from 'lucide-react';
import { inlineVideoUrl, type VideoRecord, type VideoStatus } from '../../lib/videos-api.ts';
import { ConsentSummary } from './consent-summary.tsx';
import { withdrawalOf } from './consent-withdrawal.ts';
import { DeleteVideoButton } from './delete-video-button.tsx';
import { RevokeConsentForm } from './revoke-consent-form.tsx';

const STATUS_BADGES: Record<VideoStatus, { label: string; className: string }> = {
  completed: { label: 'Completed', className: 'bg-brand-100 text-brand-800' },
  processing: { label: 'Processing', className: 'bg-amber-100 text-amber-800' },
  failed: { label: 'Failed', className: 'bg-accent-100 text-accent-700' },
};

const WITHDRAWN_BADGE = { label: 'Withdrawn', className: 'bg-accent-100 text-accent-700' };

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

interface VideoHistoryItemProps {
  video: VideoRecord;
  isPlaying: boolean;
  onPlay: () => void;
}

/** One history card: thumbnail or placeholder, title, date, status, and play/download when done. */
export function VideoHistoryItem({ video, isPlaying, onPlay }: VideoHistoryItemProps) {
  const withdrawal = withdrawalOf(video.consent, new Date());
  const badge = withdrawal ? WITHDRAWN_BADGE : STATUS_BADGES[video.status];
  const isPlayable =
    video.status === 'completed' && video.downloadUrl !== null && withdrawal === null;

  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-video bg-slate-100">
        {isPlaying && isPlayable && video.downloadUrl ? (
          <video
            controls
            autoPlay
            playsInline
            src={inlineVideoUrl(video.downloadUrl)}
            aria-label={`Playing: ${video.title}`}
            className="size-full bg-slate-900 object-contain"
          />
        ) : video.thumbnailUrl && withdrawal === null ? (
          <img src={video.thumbnailUrl} alt="" className="size-full object-cover" />
        ) : (
          <div className="flex size-full items-center justify-center text-slate-400">
            <Film aria-hidden="true" className="size-10" />
          </div>
        )}
      </div>
      <div className="space-y-2 p-4">
        <div className="flex items-start justify-between gap-3">
          <h3 className="min-w-0 font-semibold break-words text-slate-900">{video.title}</h3>
          <span
            className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.className}`}
          >
            {badge.label}
          </span>
        </div>
        <p className="text-sm text-slate-600">
          <time dateTime={video.createdAt}>{dateFormat.format(new Date(video.createdAt))}</time>
          {video.status === 'processing' && ` · ${video.progress}%`}
        </p>
        <ConsentSummary consent={video.consent} />
        {withdrawal && <p className="text-sm font-medium text-accent-700">{withdrawal}</p>}
        {video.consent && withdrawal === null && (
          <RevokeConsentForm videoId={video.id} title={video.title} />
        )}
        {video.status === 'failed' && video.errorMessage && (
          <p className="text-sm text-accent-700">{video.errorMessage}</p>
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          {isPlayable && video.downloadUrl && (
            <>
              <button
                type="button"
                onClick={onPlay}
                aria-label={`Play ${video.title}`}
                className="inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:bg-brand-50"
              >
                <Play aria-hidden="true" className="size-5" />
              </button>
              <a
                href={video.downloadUrl}
                download
                aria-label={`Download ${video.title}`}
                className="inline-flex size-10 items-center justify-center rounded-lg border border-slate-300 text-slate-700 no-underline hover:bg-brand-50"
              >
                <Download aria-hidden="true" className="size-5" />
              </a>
            </>
          )}
          {video.status !== 'processing' && (
            <DeleteVideoButton videoId={video.id} title={video.title} />
          )}
        </div>
      </div>
    </li>
  );
}
