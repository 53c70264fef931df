import { FormAlert } from '../../components/form-alert.tsx';
import { GENERATE_TEXT } from './generate-copy.ts';
import { GenerationProgress } from './generation-progress.tsx';
import type { VideoJobState } from '../../lib/use-video-job.ts';
import type { VideoRecord } from '../../lib/videos-api.ts';
import { VideoResult } from './video-result.tsx';

interface JobPanelProps {
  job: VideoJobState;
  /** The video followed: its engine decides the stage names and whether it can be canceled. */
  video: Pick<VideoRecord, 'id' | 'engine'>;
  /** The photo this video was made from (its hash goes with the feedback, DESIGN.md D10). */
  image: Blob | null;
  onRetry: () => void;
  isRetrying: boolean;
}

/** Where an accepted video is followed: progress, then the result or the failure. */
export function JobPanel({ job, video, image, onRetry, isRetrying }: JobPanelProps) {
  switch (job.status) {
    case 'processing':
      return (
        <GenerationProgress
          stage={job.stage}
          progress={job.progress}
          engine={video.engine}
          videoId={video.id}
        />
      );
    case 'completed':
      return <VideoResult record={job.record} image={image} />;
    case 'failed':
      return (
        <section
          aria-labelledby="failed-heading"
          className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="failed-heading" className="font-semibold text-slate-900">
            The video could not be rendered
          </h2>
          {/* The server's message already reads "An error occurred: ..." (SPEC §8). */}
          <FormAlert message={job.errorMessage || 'An error occurred: the render failed.'} />
          {/* Most server messages already end "Your credit was refunded."; say it once. */}
          {!/refunded/i.test(job.errorMessage) && (
            <p className="text-sm text-slate-600">{GENERATE_TEXT.creditRefunded}</p>
          )}
          <button
            type="button"
            onClick={onRetry}
            disabled={isRetrying}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400"
          >
            Try again
          </button>
        </section>
      );
  }
}
