import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { primaryButtonClass } from '../../components/form-styles.ts';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { describeError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.ts';
import {
  acceptInvitation,
  fetchInvitation,
  useReloadForClinic,
  type InvitationPreview,
} from '../../lib/clinics-api.ts';

const linkButton =
  'inline-flex flex-1 items-center justify-center rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50';

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 sm:px-6">
      <title>{`${title} · Glowreel`}</title>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * Issue #21: the link of an invitation e-mail. Signed out, the person signs in or registers
 * and comes back here; signed in, they see the clinic and who invited them, and accept.
 */
export function InvitationPage() {
  const auth = useAuth();
  const location = useLocation();
  const { id = '' } = useParams();
  if (auth.status === 'loading') return <LoadingScreen />;
  if (auth.status === 'signed-out') {
    return (
      <Card title="You are invited to a clinic">
        <p className="mt-3 text-slate-600">
          Sign in, or create an account with the e-mail address the invitation was sent to, to see
          and accept it.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/login" state={{ from: location }} className={linkButton}>
            Sign in
          </Link>
          <Link to="/register" state={{ from: location }} className={linkButton}>
            Create an account
          </Link>
        </div>
      </Card>
    );
  }
  return <SignedInInvitation id={id} />;
}

function SignedInInvitation({ id }: { id: string }) {
  const invitation = useQuery({
    queryKey: ['invitation', id],
    queryFn: () => fetchInvitation(id),
    retry: false,
  });
  if (invitation.isPending) return <LoadingScreen />;
  if (invitation.isError) {
    return (
      <Card title="Invitation not found">
        <p role="alert" className="mt-3 text-slate-600">
          {describeError(
            invitation.error,
            'This invitation could not be loaded. Please reload the page.',
          )}{' '}
          An invitation opens only for the e-mail address it was sent to.
        </p>
      </Card>
    );
  }
  return <InvitationCard invitation={invitation.data} />;
}

function InvitationCard({ invitation }: { invitation: InvitationPreview }) {
  const reload = useReloadForClinic();
  const navigate = useNavigate();
  const accept = useMutation({
    mutationFn: () => acceptInvitation(invitation.id),
    // Leave first: reloading every query would show this page again, now as a used invitation.
    onSuccess: async () => {
      await navigate('/dashboard#team', { replace: true });
      await reload();
    },
  });
  const closed: Record<Exclude<InvitationPreview['status'], 'pending'>, string> = {
    accepted: 'This invitation was already used.',
    canceled: 'This invitation was cancelled. Ask the clinic to invite you again.',
    expired: `This invitation expired. Ask ${invitation.inviterName} to invite you again.`,
  };
  return (
    <Card title={`Join ${invitation.clinicName}`}>
      <p className="mt-3 text-slate-600">
        {invitation.inviterName} invited {invitation.email} to {invitation.clinicName} as{' '}
        {invitation.role}.
      </p>
      {invitation.status === 'pending' ? (
        <>
          <button
            type="button"
            className={`mt-6 ${primaryButtonClass}`}
            disabled={accept.isPending}
            onClick={() => accept.mutate()}
          >
            {accept.isPending ? 'Joining…' : `Accept and join ${invitation.clinicName}`}
          </button>
          {accept.isError && (
            <p role="alert" className="mt-3 text-sm text-accent-600">
              {describeError(
                accept.error,
                'The invitation could not be accepted. Please try again.',
              )}
            </p>
          )}
        </>
      ) : (
        <p role="alert" className="mt-4 text-sm text-accent-600">
          {closed[invitation.status]}
        </p>
      )}
    </Card>
  );
}
