import { GENERATING_VIDEO_HINT, type EngineId } from '@glowreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../components/form-alert.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { describeError } from '../../lib/api-client.ts';
import { cancelVideo } from '../../lib/engines-api.ts';
import { GENERATE_TEXT, stageNamesFor, stageNumber } from './generate-copy.ts';

const SLOW_AFTER_MS = 20_000;
const STALLED_AFTER_MS = 5 * 60_000;
const RENDERING_STAGE = 3;

interface GenerationProgressProps {
  stage: number;
  progress: number;
  engine: EngineId;
  videoId: string;
}

/**
 * DESIGN.md D7 stages with the server's real percentage. Renders take seconds, so the
 * "few minutes" line only appears when stage 3 really is still running after 20 s.
 */
export function GenerationProgress({ stage, progress, engine, videoId }: GenerationProgressProps) {
  const isGenerative = engine !== 'builtin';
  // DESIGN.md D7: the generative engine reports the SPEC's own stage names.
  const names = stageNamesFor(engine);
  const cancel = useMutation({ mutationFn: () => cancelVideo(videoId) });
  const [elapsed, setElapsed] = useState<'fresh' | 'slow' | 'stalled'>('fresh');
  useEffect(() => {
    const slow = setTimeout(() => setElapsed('slow'), SLOW_AFTER_MS);
    const stalled = setTimeout(() => setElapsed('stalled'), STALLED_AFTER_MS);
    return () => {
      clearTimeout(slow);
      clearTimeout(stalled);
    };
  }, []);

  const current = stageNumber(stage);
  const percent = Math.min(Math.max(Math.round(progress), 0), 100);
  const stageName = names[current - 1] ?? names[0];

  return (
    <section
      aria-labelledby="progress-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="progress-heading" className="font-semibold text-slate-900">
        {isGenerative ? 'Generating your video' : 'Rendering your video'}
      </h2>
      <p aria-live="polite" className="mt-1 text-sm text-slate-600">
        Step {current} of {names.length}: {stageName}
      </p>
      <ProgressBar
        progress={percent}
        valueText={`${percent}% – ${stageName}`}
        className="mt-4 h-2.5 bg-slate-100"
      />
      <p className="mt-1 text-right text-xs font-medium text-slate-500">{percent}%</p>
      <ol className="mt-3 grid gap-2 sm:grid-cols-2">
        {names.map((name, index) => {
          const number = index + 1;
          const isCurrent = number === current;
          const isDone = number < current;
          return (
            <li
              key={name}
              aria-current={isCurrent ? 'step' : undefined}
              className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm ${
                isCurrent
                  ? 'bg-brand-50 font-semibold text-brand-800 ring-1 ring-brand-200'
                  : isDone
                    ? 'text-slate-700'
                    : 'text-slate-400'
              }`}
            >
              <span
                aria-hidden="true"
                className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs ${
                  isDone || isCurrent ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-500'
                }`}
              >
                {isDone ? '✓' : number}
              </span>
              {name}
              {isDone && <span className="sr-only"> (done)</span>}
            </li>
          );
        })}
      </ol>
      {current === RENDERING_STAGE && (isGenerative || elapsed !== 'fresh') && (
        <p className="mt-3 text-sm text-slate-600">
          {isGenerative ? GENERATING_VIDEO_HINT : GENERATE_TEXT.slowRender}
        </p>
      )}
      {isGenerative && (
        <div className="mt-3 space-y-2">
          <button
            type="button"
            onClick={() => cancel.mutate()}
            disabled={cancel.isPending || cancel.isSuccess}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400"
          >
            {cancel.isSuccess ? 'Canceling…' : 'Cancel and refund'}
          </button>
          <FormAlert
            message={
              cancel.isError
                ? describeError(cancel.error, 'The video could not be canceled.')
                : null
            }
          />
        </div>
      )}
      {elapsed === 'stalled' && (
        <p className="mt-2 text-sm text-amber-700">{GENERATE_TEXT.stalledRender}</p>
      )}
    </section>
  );
}
