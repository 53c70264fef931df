import { z } from 'zod';

/**
 * GET /api/render-settings: what the server's render will do, so the browser preview claims
 * no more. `faceDetection` is the operator's FACE_DETECTION: false means no face alignment, no
 * face motion and zooms toward the middle of the photo.
 */
export const renderSettingsSchema = z.object({
  faceDetection: z.boolean(),
});
export type RenderSettings = z.infer<typeof renderSettingsSchema>;
