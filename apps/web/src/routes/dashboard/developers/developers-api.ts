import type { ApiKeyCreated, ApiKeySummary } from '@glowreel/contracts';
import { requestJson } from '../../../lib/api-client.ts';

export const API_KEYS_QUERY_KEY = ['api-keys'] as const;
export const WEBHOOK_SECRET_QUERY_KEY = ['webhook-secret'] as const;
export const WEBHOOK_DELIVERIES_QUERY_KEY = ['webhook-deliveries'] as const;

export interface WebhookDelivery {
  id: string;
  video_id: string;
  event_type: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: { attempt: number; status_code: number | null; error: string | null; at: string }[];
  next_attempt_at: string | null;
  created_at: string;
}

export async function listApiKeys(): Promise<ApiKeySummary[]> {
  return ((await requestJson('GET', '/api/keys')) as { keys: ApiKeySummary[] }).keys;
}

export async function createApiKey(name: string): Promise<ApiKeyCreated> {
  return (await requestJson('POST', '/api/keys', { name })) as ApiKeyCreated;
}

export async function revokeApiKey(id: string): Promise<void> {
  await requestJson('DELETE', `/api/keys/${encodeURIComponent(id)}`);
}

export async function fetchWebhookSecret(): Promise<string> {
  return ((await requestJson('GET', '/api/webhook-secret')) as { secret: string }).secret;
}

export async function rotateWebhookSecret(): Promise<string> {
  return ((await requestJson('POST', '/api/webhook-secret/rotate', {})) as { secret: string })
    .secret;
}

export async function listWebhookDeliveries(): Promise<WebhookDelivery[]> {
  return (
    (await requestJson('GET', '/api/webhook-deliveries')) as { deliveries: WebhookDelivery[] }
  ).deliveries;
}
