import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { describeError } from '../../lib/api-client.ts';
import { deleteVideo } from '../../lib/data-rights-api.ts';
import { VIDEOS_QUERY_KEY } from '../../lib/videos-api.ts';

interface DeleteVideoButtonProps {
  videoId: string;
  title: string;
}

/**
 * "Delete" on a history card (issue #18 §2), confirmed in an alert dialog (focus trapped,
 * Esc or Cancel keeps the video). The MP4 and poster are removed at once.
 */
export function DeleteVideoButton({ videoId, title }: DeleteVideoButtonProps) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteVideo(videoId),
    onSuccess: () => {
      setIsOpen(false);
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
    },
  });

  return (
    <AlertDialog.Root
      open={isOpen}
      onOpenChange={(open) => {
        setIsOpen(open);
        if (!open) remove.reset();
      }}
    >
      <AlertDialog.Trigger asChild>
        <button
          type="button"
          aria-label={`Delete ${title}`}
          className="inline-flex h-10 items-center justify-center gap-1.5 rounded-lg border border-slate-300 px-3 text-sm font-medium text-accent-700 hover:bg-accent-50"
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[60] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            Delete this video?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            “{title}” and its MP4 are removed for good, here and from every link you shared. This
            cannot be undone. The credit it used is not returned.
          </AlertDialog.Description>
          {remove.isError && (
            <p role="alert" className="mt-3 text-sm text-accent-700">
              {describeError(remove.error, 'The video could not be deleted. Please try again.')}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <button
                type="button"
                className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
              >
                Cancel
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
              className="rounded-lg bg-accent-700 px-4 py-2 text-sm font-semibold text-white hover:bg-accent-800 disabled:opacity-50"
            >
              {remove.isPending ? 'Deleting…' : 'Delete video'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
