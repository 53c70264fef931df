import { createHmac } from 'node:crypto';

/**
 * `Webhook-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, the scheme clinics'
 * developers know from Stripe: the timestamp inside the signed text stops replays.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}
