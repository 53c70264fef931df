/** The video progress bar of /generate and the dashboard: the server's real percentage. */
export function ProgressBar({
  progress,
  valueText,
  className,
}: {
  progress: number;
  valueText?: string;
  /** The track's height and colour. */
  className: string;
}) {
  const percent = Math.min(Math.max(Math.round(progress), 0), 100);
  return (
    <div
      role="progressbar"
      aria-label="Video progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={`overflow-hidden rounded-full ${className}`}
    >
      <div
        className="h-full rounded-full bg-brand-600 transition-[width] duration-300 motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
