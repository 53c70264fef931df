import { renderSettingsSchema, type RenderSettings } from '@glowreel/contracts';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from './api-client.ts';

export const RENDER_SETTINGS_QUERY_KEY = ['render-settings'] as const;

export async function fetchRenderSettings(): Promise<RenderSettings> {
  return renderSettingsSchema.parse(await requestJson('GET', '/api/render-settings'));
}

/**
 * Whether the server's render finds faces (the operator's FACE_DETECTION); null while unknown.
 * If the server cannot say, the preview keeps to the default (faces found), as it did before
 * the server could tell it otherwise.
 */
export function useRenderFaceDetection(): boolean | null {
  const { data, isError } = useQuery({
    queryKey: RENDER_SETTINGS_QUERY_KEY,
    queryFn: fetchRenderSettings,
    retry: 1,
    // Set by the operator at start: one answer holds for the whole visit.
    staleTime: Infinity,
  });
  if (data) return data.faceDetection;
  return isError ? true : null;
}
