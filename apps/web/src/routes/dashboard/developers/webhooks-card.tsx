import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../../lib/api-client.ts';
import { CopyButton, formatWhen } from './developer-bits.tsx';
import {
  WEBHOOK_DELIVERIES_QUERY_KEY,
  WEBHOOK_SECRET_QUERY_KEY,
  fetchWebhookSecret,
  listWebhookDeliveries,
  rotateWebhookSecret,
  type WebhookDelivery,
} from './developers-api.ts';

const STATUS_STYLE: Record<WebhookDelivery['status'], string> = {
  delivered: 'bg-emerald-100 text-emerald-800',
  pending: 'bg-amber-100 text-amber-800',
  failed: 'bg-red-100 text-red-800',
};
const STATUS_LABEL: Record<WebhookDelivery['status'], string> = {
  delivered: 'Delivered',
  pending: 'Retrying',
  failed: 'Failed',
};

/** The signing secret (hidden until asked, rotatable) and every delivery with its attempts. */
export function WebhooksCard() {
  const queryClient = useQueryClient();
  const [isRevealed, setIsRevealed] = useState(false);
  const [isConfirmingRotate, setIsConfirmingRotate] = useState(false);
  const secret = useQuery({ queryKey: WEBHOOK_SECRET_QUERY_KEY, queryFn: fetchWebhookSecret });
  const deliveries = useQuery({
    queryKey: WEBHOOK_DELIVERIES_QUERY_KEY,
    queryFn: listWebhookDeliveries,
    // Retries happen in the background; keep the log current while it is open.
    refetchInterval: 10_000,
  });
  const rotate = useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: (value) => {
      queryClient.setQueryData(WEBHOOK_SECRET_QUERY_KEY, value);
      setIsConfirmingRotate(false);
      setIsRevealed(true);
    },
  });

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h3 className="text-lg font-semibold text-slate-900">Webhooks</h3>
      <p className="mt-1 text-sm text-slate-600">
        Events to a request&apos;s <code>webhook_url</code> are signed with this secret in the{' '}
        <code>Webhook-Signature</code> header.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-slate-700">Signing secret</span>
        <code className="break-all rounded bg-slate-100 px-2 py-1 text-sm" aria-live="polite">
          {secret.data ? (isRevealed ? secret.data : 'whsec_••••••••••••') : 'Loading…'}
        </code>
        {secret.data && (
          <>
            <button
              type="button"
              onClick={() => setIsRevealed(!isRevealed)}
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
            >
              {isRevealed ? 'Hide' : 'Reveal'}
            </button>
            <CopyButton text={secret.data} label="Copy secret" />
            {isConfirmingRotate ? (
              <>
                <button
                  type="button"
                  onClick={() => rotate.mutate()}
                  disabled={rotate.isPending}
                  className="rounded-lg bg-accent-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-accent-700"
                >
                  Rotate now: the old secret stops working
                </button>
                <button
                  type="button"
                  onClick={() => setIsConfirmingRotate(false)}
                  className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700"
                >
                  Cancel
                </button>
              </>
            ) : (
              <button
                type="button"
                onClick={() => setIsConfirmingRotate(true)}
                className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Rotate
              </button>
            )}
          </>
        )}
      </div>
      {(secret.isError || rotate.isError) && (
        <p role="alert" className="mt-2 text-sm text-accent-600">
          {describeError(secret.error ?? rotate.error, 'The webhook secret could not be loaded.')}
        </p>
      )}

      <h4 className="mt-6 text-sm font-semibold text-slate-900">Recent deliveries</h4>
      {deliveries.data?.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">
          None yet. Pass a <code>webhook_url</code> to <code>POST /api/v1/generate</code> to get one
          when the video finishes.
        </p>
      )}
      {deliveries.data && deliveries.data.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100">
          {deliveries.data.map((delivery) => {
            const last = delivery.attempts.at(-1);
            return (
              <li key={delivery.id} className="py-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[delivery.status]}`}
                  >
                    {STATUS_LABEL[delivery.status]}
                  </span>
                  <code>{delivery.event_type}</code>
                  <span className="break-all text-slate-600">{delivery.url}</span>
                </div>
                <p className="mt-1 text-slate-600">
                  {delivery.attempts.length} attempt{delivery.attempts.length === 1 ? '' : 's'}
                  {last &&
                    `, last ${formatWhen(last.at)}: ${last.status_code ?? 'no answer'}${last.error ? ` (${last.error})` : ''}`}
                  {delivery.next_attempt_at &&
                    `. Next try ${formatWhen(delivery.next_attempt_at)}.`}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
