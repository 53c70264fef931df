import type { SignInMethod, SignInProvider } from '@glowreel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Link2 } from 'lucide-react';
import { useSearchParams } from 'react-router';
import {
  startProviderLink,
  useSignInProviders,
} from '../../components/social-sign-in/social-sign-in-api.ts';
import { PROVIDER_PARAM } from '../../components/social-sign-in/social-sign-in-error.ts';
import { describeError } from '../../lib/api-client.ts';
import { AccountSection } from './account-section.tsx';
import { secondaryButtonClass } from './account-styles.ts';
import { describeLinkError } from './link-error.ts';
import {
  fetchSignInMethods,
  SIGN_IN_METHODS_QUERY_KEY,
  unlinkSignInMethod,
} from './sign-in-methods-api.ts';

const SECTION_ID = 'sign-in-methods';
const PASSWORD_METHOD = 'credential';

/** Issue #17 §4: linked sign-in methods; link or unlink Google and the OpenID Connect provider. */
export function SignInMethodsSection() {
  const queryClient = useQueryClient();
  const providers = useSignInProviders();
  const [params] = useSearchParams();
  const methods = useQuery({ queryKey: SIGN_IN_METHODS_QUERY_KEY, queryFn: fetchSignInMethods });
  const unlink = useMutation({
    mutationFn: unlinkSignInMethod,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SIGN_IN_METHODS_QUERY_KEY }),
  });
  const link = useMutation({
    mutationFn: (provider: SignInProvider) =>
      startProviderLink({
        provider: provider.id,
        callbackURL: `/account#${SECTION_ID}`,
        errorCallbackURL: `/account?${PROVIDER_PARAM}=${provider.id}`,
      }),
    onSuccess: (url) => window.location.assign(url),
  });

  const linked = methods.data ?? [];
  const isLast = linked.length <= 1;
  const linkable = providers.filter((provider) =>
    linked.every((method) => method.providerId !== provider.id),
  );
  const returnedError = params.get('error');
  const returnedProvider = providers.find((entry) => entry.id === params.get(PROVIDER_PARAM));
  const failure = unlink.isError
    ? describeError(unlink.error, 'That sign-in method could not be unlinked. Please try again.')
    : link.isError
      ? describeError(link.error, 'The link could not be started. Please try again.')
      : returnedError !== null
        ? describeLinkError(returnedError, returnedProvider?.name ?? 'The provider')
        : null;

  return (
    <AccountSection
      id={SECTION_ID}
      title="Sign-in methods"
      description="The ways you can sign in to this account."
    >
      {methods.isPending && <p className="text-sm text-slate-600">Loading your sign-in methods…</p>}
      {methods.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-accent-600">
          <span>{describeError(methods.error, 'Your sign-in methods could not be loaded.')}</span>
          <button
            type="button"
            onClick={() => void methods.refetch()}
            className={secondaryButtonClass}
          >
            Try again
          </button>
        </div>
      )}
      {methods.data && (
        <ul
          aria-label="Linked sign-in methods"
          className="divide-y divide-slate-100 rounded-xl border border-slate-200"
        >
          {linked.map((method) => (
            <MethodRow
              key={`${method.providerId}:${method.accountId}`}
              name={nameOf(method, providers)}
              canUnlink={method.providerId !== PASSWORD_METHOD}
              isLast={isLast}
              isBusy={unlink.isPending}
              onUnlink={() => unlink.mutate(method)}
            />
          ))}
        </ul>
      )}
      {methods.data && isLast && (
        <p className="mt-3 text-sm text-slate-600">
          This is your only way to sign in, so it cannot be unlinked.
        </p>
      )}
      {methods.data && linkable.length > 0 && (
        <div className="mt-4 flex flex-wrap gap-3">
          {linkable.map((provider) => (
            <button
              key={provider.id}
              type="button"
              disabled={link.isPending}
              onClick={() => link.mutate(provider)}
              className={secondaryButtonClass}
            >
              <Link2 aria-hidden="true" className="size-4" />
              {link.isPending && link.variables.id === provider.id
                ? `Connecting to ${provider.name}…`
                : `Link ${provider.name}`}
            </button>
          ))}
        </div>
      )}
      {failure && (
        <p role="alert" className="mt-3 text-sm text-accent-600">
          {failure}
        </p>
      )}
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {unlink.isSuccess ? 'Sign-in method unlinked.' : ''}
      </p>
    </AccountSection>
  );
}

function nameOf(method: SignInMethod, providers: SignInProvider[]): string {
  if (method.providerId === PASSWORD_METHOD) return 'E-mail and password';
  if (method.providerId === 'google') return 'Google';
  return providers.find((provider) => provider.id === method.providerId)?.name ?? method.providerId;
}

function MethodRow({
  name,
  canUnlink,
  isLast,
  isBusy,
  onUnlink,
}: {
  name: string;
  canUnlink: boolean;
  isLast: boolean;
  isBusy: boolean;
  onUnlink: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 p-4">
      <KeyRound aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
      <p className="min-w-0 flex-1 font-medium text-slate-900">{name}</p>
      {canUnlink && (
        <button
          type="button"
          disabled={isBusy || isLast}
          onClick={onUnlink}
          aria-label={`Unlink ${name}`}
          className={secondaryButtonClass}
        >
          Unlink
        </button>
      )}
    </li>
  );
}
