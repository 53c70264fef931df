import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { useVideoJob } from '../../lib/use-video-job.ts';
import {
  fetchRunningVideo,
  RUNNING_VIDEO_QUERY_KEY,
  videoPageUrl,
  type VideoRecord,
} from '../../lib/videos-api.ts';
import { stageNamesFor, stageNumber } from '../generate/generate-copy.ts';

/**
 * The clinic's render still running on the server, with its live progress and a link to it on
 * /generate. It stays once the render ends (saying so) until the dashboard is left, so a
 * render finishing while the clinic watches does not simply vanish.
 */
export function RunningRenderCard() {
  const running = useQuery({ queryKey: RUNNING_VIDEO_QUERY_KEY, queryFn: fetchRunningVideo });
  const [shown, setShown] = useState<VideoRecord | null>(null);
  // Adopting the newest running render during render (React's "derive from a change" pattern).
  if (running.data && running.data.id !== shown?.id) setShown(running.data);
  const job = useVideoJob(shown);
  if (shown === null || job === null) return null;

  const isRunning = job.status === 'processing';
  const names = stageNamesFor(shown.engine);
  const stage = isRunning ? stageNumber(job.stage) : 0;
  const heading = {
    processing: 'A video is rendering',
    completed: 'Your video is ready',
    failed: 'The video could not be rendered',
  }[job.status];

  return (
    <section
      aria-labelledby="running-render-heading"
      className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id="running-render-heading" className="font-semibold text-slate-900">
            {heading}
          </h2>
          <p className="mt-1 text-sm break-words text-slate-600">{shown.title}</p>
        </div>
        <Link
          to={videoPageUrl(shown.id)}
          className="text-sm font-semibold text-brand-700 hover:underline"
        >
          {isRunning ? 'Follow it on Generate' : 'Open the result'}
        </Link>
      </div>
      {isRunning ? (
        <>
          <p aria-live="polite" className="mt-3 text-sm text-slate-700">
            Step {stage} of {names.length}: {names[stage - 1] ?? names[0]}
            {/* The bar carries the figure for screen readers; announcing each percent is noise. */}
            <span aria-hidden="true"> · {Math.round(job.progress)}%</span>
          </p>
          <ProgressBar progress={job.progress} className="mt-2 h-2 bg-white" />
        </>
      ) : (
        job.status === 'failed' && (
          <p className="mt-2 text-sm text-slate-700">
            {shown.engine === 'builtin'
              ? 'A failed render never costs a credit: yours was refunded.'
              : 'A failed generation never costs credits: yours were refunded.'}
          </p>
        )
      )}
    </section>
  );
}
