import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../../lib/api-client.ts';
import {
  CLINICS_QUERY_KEY,
  cancelInvitation,
  changeRole,
  leaveClinic,
  removeMember,
  transferClinic,
  useClinics,
  useReloadForClinic,
  type ClinicsOverview,
} from '../../../lib/clinics-api.ts';
import { InviteForm } from './invite-form.tsx';

const smallButton =
  'rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

function day(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** Issue #21: the active clinic's members, invitations and seats. */
export function TeamSection() {
  const clinics = useClinics();
  // This server does not offer teams (see fetchClinics): no section to show.
  if (clinics.data === null) return null;
  return (
    <section id="team" aria-labelledby="team-heading" className="mt-12 scroll-mt-24">
      <h2 id="team-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        Team
      </h2>
      <p className="mt-2 text-slate-600">
        Everyone who works in this clinic, with one sign-in each. Members and pending invitations
        take a seat of the plan.
      </p>
      {clinics.isPending && <p className="mt-6 text-sm text-slate-600">Loading your team…</p>}
      {clinics.isError && (
        <p role="alert" className="mt-6 text-sm text-accent-600">
          {describeError(clinics.error, 'Your team could not be loaded. Please reload the page.')}
        </p>
      )}
      {clinics.data && <TeamCard overview={clinics.data} />}
    </section>
  );
}

function TeamCard({ overview }: { overview: ClinicsOverview }) {
  const queryClient = useQueryClient();
  const reload = useReloadForClinic();
  const { active } = overview;
  const canManage = active.role === 'owner' || active.role === 'admin';
  const isOwner = active.role === 'owner';
  const refresh = () => queryClient.invalidateQueries({ queryKey: CLINICS_QUERY_KEY });
  const action = useMutation({
    mutationFn: (run: () => Promise<void>) => run(),
    onSuccess: refresh,
  });
  const leave = useMutation({ mutationFn: leaveClinic, onSuccess: reload });
  const isFull = active.seats.used >= active.seats.total;

  return (
    <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <p className="text-sm text-slate-700">
        <span className="font-semibold">{active.name}</span> ·{' '}
        <span data-testid="seats">
          {active.seats.used} of {active.seats.total} seats used
        </span>{' '}
        · your role: {active.role}
      </p>
      <h3 className="mt-5 text-base font-semibold text-slate-900">Members</h3>
      <ul className="mt-2 divide-y divide-slate-100">
        {active.members.map((member) => (
          <li key={member.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
            <div className="min-w-0 flex-1 basis-60">
              <p className="truncate font-medium text-slate-900">{member.name}</p>
              <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
                {member.email} · {member.role} · joined {day(member.joinedAt)}
              </p>
            </div>
            {canManage && member.role !== 'owner' && (
              <div className="flex flex-wrap gap-2">
                <label className="sr-only" htmlFor={`role-${member.id}`}>
                  Role of {member.name}
                </label>
                <select
                  id={`role-${member.id}`}
                  value={member.role}
                  disabled={action.isPending}
                  onChange={(event) => {
                    const role = event.target.value === 'admin' ? 'admin' : 'staff';
                    action.mutate(() => changeRole(member.id, role));
                  }}
                  className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                >
                  <option value="staff">Staff</option>
                  <option value="admin">Admin</option>
                </select>
                {isOwner && (
                  <button
                    type="button"
                    className={smallButton}
                    disabled={action.isPending}
                    onClick={() => {
                      if (window.confirm(`Make ${member.name} the owner? You become an admin.`))
                        action.mutate(() => transferClinic(member.id));
                    }}
                  >
                    Make owner
                  </button>
                )}
                <button
                  type="button"
                  className={smallButton}
                  disabled={action.isPending}
                  onClick={() => {
                    if (window.confirm(`Remove ${member.name} from ${active.name}?`))
                      action.mutate(() => removeMember(member.id));
                  }}
                >
                  Remove
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>

      <h3 className="mt-5 text-base font-semibold text-slate-900">Pending invitations</h3>
      {active.invitations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No invitation is waiting for an answer.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {active.invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-3">
              <p className="min-w-0 flex-1 basis-60 text-sm text-slate-700 [overflow-wrap:anywhere]">
                {invitation.email} · {invitation.role} · expires {day(invitation.expiresAt)}
              </p>
              {canManage && (
                <button
                  type="button"
                  className={smallButton}
                  disabled={action.isPending}
                  onClick={() => action.mutate(() => cancelInvitation(invitation.id))}
                >
                  Cancel<span className="sr-only"> the invitation of {invitation.email}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {action.isError && (
        <p role="alert" className="mt-3 text-sm text-accent-600">
          {describeError(action.error, 'That did not work. Please try again.')}
        </p>
      )}

      {canManage && <InviteForm isFull={isFull} />}

      {active.role !== 'owner' && (
        <div className="mt-6 border-t border-slate-100 pt-4">
          <button
            type="button"
            className={smallButton}
            disabled={leave.isPending}
            onClick={() => {
              if (window.confirm(`Leave ${active.name}? You will need a new invitation to return.`))
                leave.mutate();
            }}
          >
            Leave {active.name}
          </button>
          {leave.isError && (
            <p role="alert" className="mt-2 text-sm text-accent-600">
              {describeError(leave.error, 'You could not leave the clinic. Please try again.')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
