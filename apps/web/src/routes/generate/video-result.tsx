import { GENERATED_MOTION_LABEL } from '@glowreel/contracts';
import { inlineVideoUrl, type VideoRecord } from '../../lib/videos-api.ts';
import { formatFileSize } from './photo-rules.ts';
import { useDownloadFeedback } from './use-download-feedback.ts';
import { VideoFeedback } from './video-feedback.tsx';

/** A completed render: the player, the download and what the render wants the clinic to know. */
export function VideoResult({ record, image }: { record: VideoRecord; image: Blob | null }) {
  const { onDownload, ...feedback } = useDownloadFeedback({
    videoId: record.id,
    prompt: record.prompt,
    image,
  });
  const details = [
    record.duration !== null ? `${record.duration.toFixed(1)} s` : null,
    record.fileSize !== null ? formatFileSize(record.fileSize) : null,
    record.width > 0 ? `${record.width}×${record.height}` : null,
    record.processingTime !== null
      ? `rendered in ${(record.processingTime / 1000).toFixed(1)} s`
      : null,
  ].filter((part) => part !== null);

  return (
    <section
      aria-labelledby="result-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div>
        <h2 id="result-heading" className="font-semibold text-slate-900">
          Your video is ready
        </h2>
        <p className="mt-1 text-sm break-words text-slate-600">{record.title}</p>
      </div>
      {record.downloadUrl && (
        <video
          controls
          playsInline
          preload="metadata"
          src={inlineVideoUrl(record.downloadUrl)}
          poster={record.thumbnailUrl ?? undefined}
          aria-label={`Rendered video: ${record.title}`}
          className="mx-auto max-h-[70vh] w-full rounded-xl bg-slate-900"
        />
      )}
      <p className="text-sm text-slate-600">MP4 · {details.join(' · ')}</p>
      {record.engine === 'veo' && (
        // Issue #20: say what the clinic is about to publish; the label is burned into the video.
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
          Made with generative motion (Google Veo): the generated seconds carry the on-screen label
          “{GENERATED_MOTION_LABEL}”, and the video&apos;s provenance records them. Keep the label
          when you publish.
        </p>
      )}
      {record.warnings.length > 0 && (
        <ul className="space-y-1 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-800">
          {record.warnings.map((warning) => (
            <li key={warning.code}>{warning.message}</li>
          ))}
        </ul>
      )}
      {record.downloadUrl && (
        <a
          href={record.downloadUrl}
          download
          onClick={onDownload}
          className="inline-flex w-full items-center justify-center rounded-lg bg-accent-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-accent-700"
        >
          Download MP4
        </a>
      )}
      <VideoFeedback {...feedback} />
    </section>
  );
}
