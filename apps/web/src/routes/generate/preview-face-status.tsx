import type { PreviewFaces } from '../../lib/preview/use-preview-faces.ts';
import { describePreviewFaces } from './preview-face-copy.ts';

interface PreviewFaceStatusProps {
  faces: PreviewFaces;
  /** The render's own face warnings for this photo and these options (see buildPreviewScene). */
  warnings: string[];
}

/**
 * What the preview knows about the faces, announced politely as it changes: looking, found,
 * turned off on the server, or why a face will keep still (in the render's own words).
 */
export function PreviewFaceStatus({ faces, warnings }: PreviewFaceStatusProps) {
  const summary = describePreviewFaces(faces, warnings);
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
