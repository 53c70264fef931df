import { useMutation } from '@tanstack/react-query';
import { describeError } from '../../lib/api-client.ts';
import { switchClinic, useClinics, useReloadForClinic } from '../../lib/clinics-api.ts';

/**
 * Issue #21: which clinic the person acts for, shown only to someone in more than one.
 * Switching fetches every page's data again, since all of it belonged to the old clinic.
 */
export function ClinicSwitcher() {
  const clinics = useClinics();
  const reload = useReloadForClinic();
  const change = useMutation({ mutationFn: switchClinic, onSuccess: reload });
  const list = clinics.data?.clinics ?? [];
  if (list.length < 2) return null;
  const active = list.find((clinic) => clinic.isActive);
  return (
    <div className="flex items-center">
      <label htmlFor="clinic-switcher" className="sr-only">
        Clinic
      </label>
      <select
        id="clinic-switcher"
        value={active?.id ?? ''}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.target.value)}
        title={change.isError ? describeError(change.error, 'Could not switch clinic.') : undefined}
        aria-invalid={change.isError}
        className="max-w-[9rem] truncate rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-700 sm:max-w-[14rem]"
      >
        {list.map((clinic) => (
          <option key={clinic.id} value={clinic.id}>
            {clinic.name} ({clinic.role})
          </option>
        ))}
      </select>
    </div>
  );
}
