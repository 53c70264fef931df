import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { describeError } from '../../../lib/api-client.ts';
import { CLINICS_QUERY_KEY, inviteMember, type InvitableRole } from '../../../lib/clinics-api.ts';
import { inputClass, labelClass } from '../../../components/form-styles.ts';

/** E-mail and role of a new teammate; the server checks seats, duplicates and the role. */
export function InviteForm({ isFull }: { isFull: boolean }) {
  const queryClient = useQueryClient();
  const emailId = useId();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('staff');
  const invite = useMutation({
    mutationFn: () => inviteMember(email.trim(), role),
    onSuccess: async () => {
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: CLINICS_QUERY_KEY });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  return (
    <form onSubmit={onSubmit} className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-[1fr_10rem_auto]">
      <div>
        <label htmlFor={emailId} className={labelClass}>
          E-mail of the person to invite
        </label>
        <input
          id={emailId}
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className={inputClass}
          placeholder="anna@clinic.example"
        />
      </div>
      <div>
        <label htmlFor={roleId} className={labelClass}>
          Role
        </label>
        <select
          id={roleId}
          value={role}
          onChange={(event) => setRole(event.target.value === 'admin' ? 'admin' : 'staff')}
          className={inputClass}
        >
          <option value="staff">Staff</option>
          <option value="admin">Admin</option>
        </select>
      </div>
      <div className="sm:self-end">
        <button
          type="submit"
          disabled={invite.isPending || isFull}
          className="w-full rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-500"
        >
          {invite.isPending ? 'Inviting…' : 'Send invitation'}
        </button>
      </div>
      <div aria-live="polite" className="sm:col-span-3 empty:hidden">
        {invite.isError && (
          <p role="alert" className="text-sm text-accent-600">
            {describeError(invite.error, 'The invitation could not be sent. Please try again.')}
          </p>
        )}
        {invite.isSuccess && <p className="text-sm text-brand-700">Invitation sent.</p>}
        {isFull && (
          <p className="text-sm text-slate-600">
            Every seat is taken: upgrade the plan or remove someone to invite more people.
          </p>
        )}
      </div>
    </form>
  );
}
