import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';
import type { VideoRecord } from '../../lib/videos-api.ts';

interface ResumeNoticeProps {
  query: UseQueryResult<VideoRecord | null>;
  /** The address names a video (rather than "whichever is running"). */
  isLinked: boolean;
}

/** The job slot while /generate looks for a render to pick up, or when it could not. */
export function ResumeNotice({ query, isLinked }: ResumeNoticeProps) {
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-slate-500">
        {isLinked ? 'Loading your video…' : 'Checking for a render in progress…'}
      </p>
    );
  }
  if (!query.isError) return null;
  const isMissing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div
      role="alert"
      className="space-y-2 rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-800"
    >
      <p>
        {isMissing
          ? 'That video is not in your account. You can start a new one here.'
          : 'Could not check for a render in progress. A render keeps going on our servers, and your dashboard lists it.'}
      </p>
      {!isMissing && (
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="rounded-lg border border-amber-300 bg-white px-3 py-1.5 font-semibold text-amber-900 hover:bg-amber-100"
        >
          Check again
        </button>
      )}
    </div>
  );
}
