import { DATA_EXPORT_OFFER_HOURS } from '@glowreel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { FormAlert } from '../../components/form-alert.tsx';
import { describeError } from '../../lib/api-client.ts';
import {
  DATA_EXPORT_QUERY_KEY,
  fetchLatestDataExport,
  requestDataExport,
} from '../../lib/data-rights-api.ts';
import { AccountSection } from './account-section.tsx';
import { saveButtonClass, secondaryButtonClass } from './account-styles.ts';

/** While an export is built, the card asks how far it got this often. */
const BUILDING_POLL_MS = 1500;

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Issue #18 §2 "Download my data": a zip built in the background, offered for 24 hours. */
export function DataExportSection() {
  const queryClient = useQueryClient();
  const latest = useQuery({
    queryKey: DATA_EXPORT_QUERY_KEY,
    queryFn: fetchLatestDataExport,
    refetchInterval: (query) =>
      query.state.data?.status === 'building' ? BUILDING_POLL_MS : false,
  });
  const start = useMutation({
    mutationFn: requestDataExport,
    onSuccess: (created) => queryClient.setQueryData(DATA_EXPORT_QUERY_KEY, created),
  });
  const current = latest.data ?? null;
  const isBuilding = current?.status === 'building';

  return (
    <AccountSection
      id="data-export"
      title="Download my data"
      description={`A zip of your profile, plan, credit history, videos with their provenance and consent records, your activity log and every MP4. It is prepared in the background and offered for ${DATA_EXPORT_OFFER_HOURS} hours.`}
    >
      <div className="space-y-4">
        <FormAlert
          message={
            start.isError
              ? describeError(start.error, 'The export could not be started. Please try again.')
              : null
          }
        />
        {isBuilding && (
          <div aria-live="polite" className="space-y-2">
            <p className="text-sm text-slate-700">Preparing your data… {current.progress}%</p>
            <div
              role="progressbar"
              aria-label="Export progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={current.progress}
              className="h-2 overflow-hidden rounded-full bg-slate-100"
            >
              <div
                className="h-full rounded-full bg-brand-600"
                style={{ width: `${current.progress}%` }}
              />
            </div>
          </div>
        )}
        {current?.status === 'ready' && current.downloadUrl && (
          <div className="space-y-2">
            <a href={current.downloadUrl} download className={`${saveButtonClass} no-underline`}>
              <Download aria-hidden="true" className="mr-2 size-4" />
              Download zip
              {current.fileSize !== null ? ` (${formatSize(current.fileSize)})` : ''}
            </a>
            {current.expiresAt && (
              <p className="text-sm text-slate-600">
                Offered until {timeFormat.format(new Date(current.expiresAt))}.
              </p>
            )}
          </div>
        )}
        {current?.status === 'failed' && (
          <p className="text-sm text-accent-700">
            {current.errorMessage ?? 'The last export failed.'}
          </p>
        )}
        {current?.status === 'expired' && (
          <p className="text-sm text-slate-600">Your last export has expired and was removed.</p>
        )}
        {!isBuilding && (
          <button
            type="button"
            onClick={() => start.mutate()}
            disabled={start.isPending}
            className={current?.status === 'ready' ? secondaryButtonClass : saveButtonClass}
          >
            {start.isPending
              ? 'Starting…'
              : current?.status === 'ready'
                ? 'Prepare a new export'
                : 'Prepare my data'}
          </button>
        )}
      </div>
    </AccountSection>
  );
}

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
