import {
  engineListSchema,
  engineOptInResponseSchema,
  type EngineId,
  type EngineSummary,
} from '@glowreel/contracts';
import { requestJson } from './api-client.ts';
import { parseVideoRecord, type VideoRecord } from './videos-api.ts';

export type { EngineId, EngineSummary };

export const ENGINES_QUERY_KEY = ['engines'] as const;

/** GET /api/engines: what this clinic may use, at what price (issue #20). */
export async function fetchEngines(): Promise<EngineSummary[]> {
  return engineListSchema.parse(await requestJson('GET', '/api/engines')).engines;
}

/** The owner accepts the generative engine's notice, once. */
export async function acceptVeoNotice(): Promise<void> {
  engineOptInResponseSchema.parse(
    await requestJson('POST', '/api/engines/veo/opt-in', { accept: true }),
  );
}

/** Stops a generative video still running; it ends failed with every credit refunded. */
export async function cancelVideo(id: string): Promise<VideoRecord> {
  return parseVideoRecord(
    await requestJson('POST', `/api/videos/${encodeURIComponent(id)}/cancel`, {}),
  );
}
