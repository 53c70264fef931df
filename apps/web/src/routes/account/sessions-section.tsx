import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor, Smartphone } from 'lucide-react';
import {
  fetchSessions,
  revokeOtherSessions,
  revokeSession,
  SESSIONS_QUERY_KEY,
  type AccountSession,
} from '../../lib/account-api.ts';
import { describeError } from '../../lib/api-client.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { AccountSection } from './account-section.tsx';
import { secondaryButtonClass } from './account-styles.ts';
import { describeSessionTime } from './session-time.ts';

/** Issue #17 §4: signed-in sessions, with sign-out per session and everywhere else. */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const sessions = useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: fetchSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
  const revokeOne = useMutation({ mutationFn: revokeSession, onSettled: refresh });
  const revokeOthers = useMutation({ mutationFn: revokeOtherSessions, onSettled: refresh });
  const others = sessions.data?.filter((session) => !session.isCurrent) ?? [];
  const isBusy = revokeOne.isPending || revokeOthers.isPending;
  const failure = revokeOne.isError
    ? describeError(revokeOne.error, 'That session could not be signed out. Please try again.')
    : revokeOthers.isError
      ? describeError(revokeOthers.error, 'The other sessions could not be signed out.')
      : null;
  const done = revokeOthers.isSuccess
    ? `Signed out of ${revokeOthers.data.revoked} other ${revokeOthers.data.revoked === 1 ? 'session' : 'sessions'}.`
    : revokeOne.isSuccess
      ? 'Signed out of that session.'
      : '';

  return (
    <AccountSection
      id="sessions"
      title="Where you're signed in"
      description="Devices signed in to your account. Sign out any you don't recognise."
    >
      {sessions.isPending && <p className="text-sm text-slate-600">Loading your sessions…</p>}
      {sessions.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-accent-600">
          <span>{describeError(sessions.error, 'Your sessions could not be loaded.')}</span>
          <button
            type="button"
            onClick={() => void sessions.refetch()}
            className={secondaryButtonClass}
          >
            Try again
          </button>
        </div>
      )}
      {sessions.data && (
        <>
          <ul
            aria-label="Signed-in sessions"
            className="divide-y divide-slate-100 rounded-xl border border-slate-200"
          >
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                isBusy={isBusy}
                // This device leaves the way the header's Sign Out does, back to the home page.
                onSignOut={() =>
                  session.isCurrent ? void signOut() : revokeOne.mutate(session.id)
                }
              />
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">You're not signed in anywhere else.</p>
          ) : (
            <button
              type="button"
              disabled={isBusy}
              onClick={() => revokeOthers.mutate()}
              className={`${secondaryButtonClass} mt-4`}
            >
              {revokeOthers.isPending ? 'Signing out…' : 'Sign out everywhere else'}
            </button>
          )}
        </>
      )}
      {failure && (
        <p role="alert" className="mt-3 text-sm text-accent-600">
          {failure}
        </p>
      )}
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {done}
      </p>
    </AccountSection>
  );
}

function SessionRow({
  session,
  isBusy,
  onSignOut,
}: {
  session: AccountSession;
  isBusy: boolean;
  onSignOut: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 p-4">
      <DeviceIcon device={session.device} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          <span>{session.device}</span>
          {session.isCurrent && (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
              This device
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600">
          Last active {describeSessionTime(session.lastActiveAt)} · signed in{' '}
          {describeSessionTime(session.signedInAt)}
        </p>
      </div>
      <button
        type="button"
        disabled={isBusy}
        onClick={onSignOut}
        aria-label={
          session.isCurrent
            ? 'Sign out of this device'
            : `Sign out ${session.device}, last active ${describeSessionTime(session.lastActiveAt)}`
        }
        className={secondaryButtonClass}
      >
        Sign out
      </button>
    </li>
  );
}

/** Phones and tablets get a phone, everything else a screen. */
function DeviceIcon({ device }: { device: string }) {
  const Icon = /\b(iOS|iPadOS|Android)$/.test(device) ? Smartphone : Monitor;
  return <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-500" />;
}
