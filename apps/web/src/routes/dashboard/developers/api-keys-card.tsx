import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { inputClass } from '../../../components/form-styles.ts';
import { AUDIT_LOG_QUERY_KEY } from '../activity/activity-api.ts';
import { describeError } from '../../../lib/api-client.ts';
import { API_KEYS_QUERY_KEY, createApiKey, listApiKeys, revokeApiKey } from './developers-api.ts';
import { CopyButton, formatWhen } from './developer-bits.tsx';

/** Create (shown once), list and revoke the account's API keys. */
export function ApiKeysCard() {
  const queryClient = useQueryClient();
  const nameId = useId();
  const [name, setName] = useState('');
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const keys = useQuery({ queryKey: API_KEYS_QUERY_KEY, queryFn: listApiKeys });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    // A key made or revoked is news for the activity log below.
    void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_QUERY_KEY });
  };
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: () => {
      setName('');
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => {
      setConfirmingId(null);
      refresh();
    },
  });

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 className="text-lg font-semibold text-slate-900">API keys</h3>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() !== '') create.mutate(name.trim());
        }}
      >
        <div className="min-w-48 flex-1">
          <label htmlFor={nameId} className="mb-1.5 block text-sm font-medium text-slate-700">
            Key name
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={60}
            placeholder="e.g. Booking system"
            onChange={(event) => setName(event.target.value)}
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          disabled={name.trim() === '' || create.isPending}
          className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-500"
        >
          {create.isPending ? 'Creating...' : 'Create key'}
        </button>
      </form>
      {create.isError && (
        <p role="alert" className="mt-2 text-sm text-accent-600">
          {describeError(create.error, 'The key could not be created. Please try again.')}
        </p>
      )}
      {create.data && (
        <div role="status" className="mt-4 rounded-lg border border-brand-200 bg-brand-50 p-4">
          <p className="text-sm font-medium text-slate-900">
            Your new key “{create.data.name}”. Copy it now: it will not be shown again.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-white px-2 py-1 text-sm">{create.data.key}</code>
            <CopyButton text={create.data.key} label="Copy key" />
          </div>
        </div>
      )}

      {keys.isPending && <p className="mt-4 text-sm text-slate-600">Loading keys…</p>}
      {keys.isError && (
        <p role="alert" className="mt-4 text-sm text-accent-600">
          {describeError(keys.error, 'The keys could not be loaded.')}
        </p>
      )}
      {keys.data?.length === 0 && (
        <p className="mt-4 text-sm text-slate-600">No keys yet. Create one to call the API.</p>
      )}
      {keys.data && keys.data.length > 0 && (
        <div className="relative mt-4 overflow-x-auto">
          {/* relative: the header's sr-only label is absolutely positioned; without a positioned
              ancestor it escapes this scroller and widens the page on a phone (414 px at 390). */}
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your API keys</caption>
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  Key
                </th>
                {/* On a phone the dates go under the name, so Revoke stays in view. */}
                <th scope="col" className="hidden py-2 pr-4 font-medium sm:table-cell">
                  Created
                </th>
                <th scope="col" className="hidden py-2 pr-4 font-medium sm:table-cell">
                  Last used
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {keys.data.map((key) => (
                <tr key={key.id}>
                  <td className="py-2 pr-4 text-slate-900">
                    {key.name}
                    <span className="block text-xs text-slate-500 sm:hidden">
                      Last used {key.last_used_at ? formatWhen(key.last_used_at) : 'never'}
                    </span>
                  </td>
                  <td className="py-2 pr-4">
                    <code>{key.prefix}…</code>
                  </td>
                  <td className="hidden py-2 pr-4 text-slate-600 sm:table-cell">
                    {formatWhen(key.created_at)}
                  </td>
                  <td className="hidden py-2 pr-4 text-slate-600 sm:table-cell">
                    {key.last_used_at ? formatWhen(key.last_used_at) : 'Never'}
                  </td>
                  <td className="py-2 text-right whitespace-nowrap">
                    {confirmingId === key.id ? (
                      <span className="inline-flex gap-2">
                        <button
                          type="button"
                          onClick={() => revoke.mutate(key.id)}
                          disabled={revoke.isPending}
                          className="rounded-lg bg-accent-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-accent-700"
                        >
                          Revoke “{key.name}”
                        </button>
                        <button
                          type="button"
                          onClick={() => setConfirmingId(null)}
                          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700"
                        >
                          Keep
                        </button>
                      </span>
                    ) : (
                      <button
                        type="button"
                        onClick={() => setConfirmingId(key.id)}
                        aria-label={`Revoke key ${key.name}`}
                        className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                      >
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoke.isError && (
        <p role="alert" className="mt-2 text-sm text-accent-600">
          {describeError(revoke.error, 'The key could not be revoked. Please try again.')}
        </p>
      )}
    </div>
  );
}
