import type { PreviewFaces } from '../../lib/preview/use-preview-faces.ts';

interface PreviewFaceStatusProps {
  faces: PreviewFaces;
  /** The render's own face warnings for this photo and these options (see buildPreviewScene). */
  warnings: string[];
}

function describe(faces: PreviewFaces, warnings: string[]): string | null {
  switch (faces.status) {
    case 'finding':
      return 'Finding faces…';
    case 'unavailable':
      return 'The face model could not load in this browser, so the preview plays without face alignment and face motion. Your render finds the faces and adds them.';
    case 'found':
      return warnings.length === 0
        ? 'Faces found: the preview aligns, frames and moves them as your render will.'
        : null;
  }
}

/**
 * What the preview knows about the faces, announced politely as it changes: looking, found,
 * or why a face will keep still (in the render's own words).
 */
export function PreviewFaceStatus({ faces, warnings }: PreviewFaceStatusProps) {
  const summary = describe(faces, warnings);
  return (
    <div role="status" aria-live="polite" className="text-sm text-slate-700">
      {summary !== null ? (
        <p>{summary}</p>
      ) : (
        <>
          <p>Faces checked. Your render will say:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
