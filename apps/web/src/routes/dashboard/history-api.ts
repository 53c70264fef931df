import { requestJson } from '../../lib/api-client.ts';
import type { VideoRecord } from '../../lib/videos-api.ts';

export const VIDEO_HISTORY_QUERY_KEY = ['videos'] as const;

/** GET /api/videos: the clinic's own videos, newest first (SPEC §7 query by userId). */
export async function fetchVideoHistory(): Promise<VideoRecord[]> {
  const payload = await requestJson('GET', '/api/videos');
  if (typeof payload !== 'object' || payload === null || !('videos' in payload)) return [];
  return Array.isArray(payload.videos) ? (payload.videos as VideoRecord[]) : [];
}
