import {
  ENGINE_LABELS,
  GENERATED_MOTION_LABEL,
  findPlan,
  type EngineId,
  type PlanId,
} from '@glowreel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormAlert } from '../../components/form-alert.tsx';
import { describeError } from '../../lib/api-client.ts';
import { formatCredits } from '../../lib/credits.ts';
import { ENGINES_QUERY_KEY, acceptVeoNotice, fetchEngines } from '../../lib/engines-api.ts';

interface EngineChoiceProps {
  value: EngineId;
  onChange: (engine: EngineId, creditsPerVideo: number) => void;
  isDisabled: boolean;
}

/**
 * Issue #20: the optional generative engine. Hidden entirely unless this server has it; until
 * an owner accepted its notice the notice is shown instead of the choice; once accepted, each
 * engine with its price in credits, before anything is generated.
 */
export function EngineChoice({ value, onChange, isDisabled }: EngineChoiceProps) {
  const queryClient = useQueryClient();
  const engines = useQuery({ queryKey: ENGINES_QUERY_KEY, queryFn: fetchEngines, retry: false });
  const accept = useMutation({
    mutationFn: acceptVeoNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENGINES_QUERY_KEY }),
  });
  const veo = engines.data?.find((engine) => engine.id === 'veo');
  if (!veo?.available) return null;

  if (!veo.onYourPlan) {
    return (
      <p className="rounded-2xl border border-slate-200 p-5 text-sm text-slate-600">
        Generative motion (Google Veo) is offered on the {planNames(veo.plans)} plan
        {veo.plans.length > 1 ? 's' : ''}.
      </p>
    );
  }

  if (!veo.accepted) {
    const notice = veo.notice;
    return (
      <section
        aria-labelledby="veo-notice-heading"
        className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-5"
      >
        <h2 id="veo-notice-heading" className="text-lg font-semibold text-slate-900">
          {notice?.title ?? 'Generative video'}
        </h2>
        {notice?.paragraphs.map((paragraph) => (
          <p key={paragraph} className="text-sm text-slate-700">
            {paragraph}
          </p>
        ))}
        <p className="text-sm font-medium text-slate-800">
          Costs {formatCredits(veo.creditsPerVideo)} per video.
        </p>
        <button
          type="button"
          onClick={() => accept.mutate()}
          disabled={accept.isPending}
          className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800 disabled:cursor-not-allowed disabled:bg-slate-400"
        >
          {accept.isPending ? 'Saving…' : 'I understand — offer generative video to my clinic'}
        </button>
        <FormAlert
          message={
            accept.isError ? describeError(accept.error, 'The notice could not be saved.') : null
          }
        />
      </section>
    );
  }

  return (
    <fieldset className="space-y-3 rounded-2xl border border-slate-200 p-5" disabled={isDisabled}>
      {/* Floated, so the legend sits inside the box like the other steps' headings. */}
      <legend className="float-left mb-1 w-full text-lg font-semibold text-slate-900">
        Engine
      </legend>
      {(engines.data ?? []).map((engine) => (
        <label
          key={engine.id}
          className={`clear-both flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 ${
            value === engine.id ? 'border-brand-600 bg-brand-50' : 'border-slate-200'
          }`}
        >
          <input
            type="radio"
            name="engine"
            value={engine.id}
            checked={value === engine.id}
            onChange={() => onChange(engine.id, engine.creditsPerVideo)}
            className="mt-1 size-4 accent-brand-700"
          />
          <span className="text-sm">
            <span className="block font-semibold text-slate-900">
              {ENGINE_LABELS[engine.id]} · {formatCredits(engine.creditsPerVideo)}
            </span>
            <span className="block text-slate-600">
              {engine.id === 'veo'
                ? `Google Veo invents motion from the after photo; it takes minutes and every generated second is labelled “${GENERATED_MOTION_LABEL}”. Failed generations are refunded.`
                : 'Moves the real photos only, ready in seconds.'}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function planNames(plans: readonly PlanId[]): string {
  const names = plans.map((plan) => (plan === 'free' ? 'Free' : (findPlan(plan)?.name ?? plan)));
  return names.length > 1
    ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`
    : (names[0] ?? '');
}
