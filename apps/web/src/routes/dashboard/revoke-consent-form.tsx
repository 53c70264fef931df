import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { describeError } from '../../lib/api-client.ts';
import { revokeConsent, VIDEOS_QUERY_KEY } from '../../lib/videos-api.ts';

interface RevokeConsentFormProps {
  videoId: string;
  title: string;
}

/**
 * "Revoke consent" under a history card (issue #18 §1): asks for the reason, then withdraws
 * the video at once. Inline rather than a second dialog over the history dialog.
 */
export function RevokeConsentForm({ videoId, title }: RevokeConsentFormProps) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const revoke = useMutation({
    mutationFn: () => revokeConsent(videoId, reason.trim()),
    onSuccess: () => {
      setIsOpen(false);
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
    },
  });

  if (!isOpen) {
    return (
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        aria-label={`Revoke consent for ${title}`}
        className="text-xs font-medium text-accent-700 underline underline-offset-2"
      >
        Revoke consent
      </button>
    );
  }
  return (
    <form
      className="space-y-2 rounded-lg border border-accent-200 bg-accent-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (reason.trim() !== '') revoke.mutate();
      }}
    >
      <label htmlFor={reasonId} className="block text-xs font-medium text-slate-800">
        Why is the consent revoked? The video is withdrawn at once: it can no longer be played or
        downloaded, here or through its links.
      </label>
      <textarea
        id={reasonId}
        required
        maxLength={500}
        rows={2}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        className="block w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
      />
      {revoke.isError && (
        <p className="text-xs text-accent-700" aria-live="polite">
          {describeError(revoke.error, 'The consent could not be revoked. Please try again.')}
        </p>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={reason.trim() === '' || revoke.isPending}
          className="rounded-md bg-accent-700 px-3 py-1.5 text-xs font-semibold text-white disabled:opacity-50"
        >
          {revoke.isPending ? 'Revoking…' : 'Revoke and withdraw'}
        </button>
        <button
          type="button"
          onClick={() => setIsOpen(false)}
          className="rounded-md border border-slate-300 px-3 py-1.5 text-xs font-medium text-slate-700"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
