import { useMutation, useQuery } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { describeError } from '../../lib/api-client.ts';
import {
  ACCOUNT_EMAIL_QUERY_KEY,
  fetchEmailStatus,
  resendVerification,
} from '../../lib/account-email-api.ts';

/** Better Auth sends a spent or made-up confirmation link back here with ?error=…. */
const LINK_ERRORS: Record<string, string> = {
  TOKEN_EXPIRED: 'That confirmation link has expired.',
  INVALID_TOKEN: 'That confirmation link is not valid.',
};

/**
 * Issue 17 §2: until the address is confirmed, says what waits for it and offers a new link.
 * Polite live text only: the dashboard keeps its one role="status" for the return toast.
 */
export function VerifyEmailBanner() {
  const [searchParams] = useSearchParams();
  const status = useQuery({ queryKey: ACCOUNT_EMAIL_QUERY_KEY, queryFn: fetchEmailStatus });
  const resend = useMutation({
    mutationFn: () => resendVerification(status.data?.email ?? ''),
  });

  const state = status.data;
  if (!state || !state.verificationRequired || state.emailVerified) return null;
  const linkError = LINK_ERRORS[searchParams.get('error') ?? ''];

  return (
    <section
      aria-labelledby="verify-email-title"
      className="flex flex-wrap items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 basis-56">
        <h2 id="verify-email-title" className="font-semibold">
          Confirm your e-mail address
        </h2>
        <p className="mt-1 break-words">
          {linkError ? `${linkError} ` : ''}We sent a link to <strong>{state.email}</strong>. Until
          you open it you can make videos, but not create API keys or buy a plan.
        </p>
        <p aria-live="polite" className="mt-1 font-medium empty:hidden">
          {resend.isSuccess
            ? `A new link is on its way to ${state.email}.`
            : resend.isError
              ? describeError(resend.error, 'The link could not be sent. Please try again.')
              : ''}
        </p>
      </div>
      <button
        type="button"
        onClick={() => resend.mutate()}
        disabled={resend.isPending}
        className="rounded-lg border border-amber-300 bg-white px-3 py-1.5 font-medium text-amber-900 hover:bg-amber-100 disabled:opacity-60"
      >
        {resend.isPending ? 'Sending...' : 'Resend link'}
      </button>
    </section>
  );
}
