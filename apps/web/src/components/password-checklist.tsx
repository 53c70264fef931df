import { PASSWORD_RULES } from '@glowreel/contracts';

/** SPEC §5 live checklist; the met/unmet state is spoken, not only coloured. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} aria-label="Password requirements" className="mt-2 space-y-1 text-sm">
      {PASSWORD_RULES.map((rule) => {
        const isMet = rule.test(password);
        return (
          <li
            key={rule.id}
            data-met={isMet}
            className={`flex items-center gap-2 ${isMet ? 'text-brand-700' : 'text-slate-500'}`}
          >
            <span
              aria-hidden="true"
              className={`inline-flex size-4 items-center justify-center rounded-full text-[10px] font-bold ${
                isMet ? 'bg-brand-600 text-white' : 'border border-slate-300'
              }`}
            >
              {isMet ? '✓' : ''}
            </span>
            <span>{rule.label}</span>
            <span className="sr-only">{isMet ? '(met)' : '(not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
