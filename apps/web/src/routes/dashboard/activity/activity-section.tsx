import {
  AUDIT_EVENT_KINDS,
  AUDIT_EVENT_LABELS,
  type AuditEvent,
  type AuditEventKind,
} from '@glowreel/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { describeError } from '../../../lib/api-client.ts';
import { formatWhen } from '../developers/developer-bits.tsx';
import { AUDIT_LOG_QUERY_KEY, fetchAuditLog, type ActivityCursor } from './activity-api.ts';

const secondaryButtonClass =
  'inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

/** What the event was about, in a few words (ids shortened: the full one is in the export). */
function describeTarget(event: AuditEvent): string | null {
  const { details, target } = event;
  if (event.kind === 'plan.changed' && typeof details.to === 'string')
    return `${String(details.from ?? 'free')} → ${details.to}`;
  if (event.kind.startsWith('api_key.') && typeof details.name === 'string')
    return `“${details.name}”`;
  if (event.kind === 'account.email_changed' && typeof details.email === 'string')
    return `now ${details.email}`;
  if (!target || target.type === 'account') return null;
  return `${target.type.replace('_', ' ')} ${target.id.slice(0, 8)}`;
}

function ActivityRow({ event }: { event: AuditEvent }) {
  const target = describeTarget(event);
  const isFailure = event.kind === 'account.sign_in_failed';
  return (
    <li className="grid gap-1 py-3 text-sm sm:grid-cols-[11.5rem_minmax(0,1fr)_9rem] sm:gap-4">
      <time dateTime={event.occurredAt} className="text-slate-500">
        {formatWhen(event.occurredAt)}
      </time>
      <div className="min-w-0">
        <p className={`font-medium ${isFailure ? 'text-accent-700' : 'text-slate-900'}`}>
          {AUDIT_EVENT_LABELS[event.kind]}
          {target && <span className="font-normal text-slate-600"> · {target}</span>}
        </p>
        <p className="break-words text-slate-600">{event.actor.label}</p>
      </div>
      <p className="text-slate-500 sm:text-right">
        <span className="sr-only">IP address </span>
        {event.ipAddress ?? '—'}
      </p>
    </li>
  );
}

/**
 * Issue #18 §4: the clinic's own audit log — sign-ins, keys, videos, consents, plan changes —
 * filtered by kind and paged Older/Newer, newest first.
 */
export function ActivitySection() {
  const filterId = useId();
  const [kind, setKind] = useState<AuditEventKind | null>(null);
  const [cursor, setCursor] = useState<ActivityCursor>(null);
  const log = useQuery({
    queryKey: [...AUDIT_LOG_QUERY_KEY, kind, cursor],
    queryFn: () => fetchAuditLog(kind, cursor),
    placeholderData: keepPreviousData,
  });
  const page = log.data;
  const kindLabel = kind ? AUDIT_EVENT_LABELS[kind].toLowerCase() : null;

  return (
    <section id="activity" aria-labelledby="activity-heading" className="mt-12 scroll-mt-24">
      <h2 id="activity-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        Activity
      </h2>
      <p className="mt-2 text-slate-600">
        Who in this clinic made or downloaded videos, changed keys, consents, the plan or the team,
        and from where; in your own clinic, your sign-ins too. Nobody can edit or remove an entry.
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <label htmlFor={filterId} className="mb-1.5 block text-sm font-medium text-slate-700">
              Show
            </label>
            <select
              id={filterId}
              value={kind ?? ''}
              onChange={(event) => {
                const value = AUDIT_EVENT_KINDS.find((known) => known === event.target.value);
                setKind(value ?? null);
                setCursor(null);
              }}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
            >
              <option value="">All activity</option>
              {AUDIT_EVENT_KINDS.map((known) => (
                <option key={known} value={known}>
                  {AUDIT_EVENT_LABELS[known]}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            onClick={() => void log.refetch()}
            disabled={log.isFetching}
            className={secondaryButtonClass}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
            Refresh
          </button>
        </div>

        <div aria-live="polite" aria-busy={log.isFetching} className="mt-4">
          {log.isPending && <p className="py-6 text-sm text-slate-600">Loading activity…</p>}
          {log.isError && (
            <div role="alert" className="rounded-lg bg-accent-50 px-4 py-3 text-sm text-accent-700">
              {describeError(log.error, 'The activity could not be loaded.')}{' '}
              <button
                type="button"
                onClick={() => void log.refetch()}
                className="font-medium underline underline-offset-2"
              >
                Try again
              </button>
            </div>
          )}
          {page && page.events.length === 0 && (
            <p className="py-6 text-sm text-slate-600">
              {kindLabel ? `No “${kindLabel}” activity yet.` : 'No activity yet.'}
            </p>
          )}
          {page && page.events.length > 0 && (
            <ul aria-label="Account activity" className="divide-y divide-slate-100">
              {page.events.map((event) => (
                <ActivityRow key={event.id} event={event} />
              ))}
            </ul>
          )}
        </div>

        {page && (page.newerCursor || page.olderCursor) && (
          <nav aria-label="Activity pages" className="mt-4 flex justify-between gap-3">
            <button
              type="button"
              disabled={!page.newerCursor || log.isFetching}
              onClick={() => page.newerCursor && setCursor({ after: page.newerCursor })}
              className={secondaryButtonClass}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              Newer
            </button>
            <button
              type="button"
              disabled={!page.olderCursor || log.isFetching}
              onClick={() => page.olderCursor && setCursor({ before: page.olderCursor })}
              className={secondaryButtonClass}
            >
              Older
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
          </nav>
        )}
      </div>
    </section>
  );
}
