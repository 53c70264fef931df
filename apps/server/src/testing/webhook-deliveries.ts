import { insertVideo } from '../db/videos.repository.ts';
import { WebhooksRepository } from '../db/webhooks.repository.ts';
import type { Runtime } from '../runtime.ts';
import { createTestUser } from './test-runtime.ts';

/**
 * Due deliveries to `url` for one finished video of a new account, as the renderer's callback
 * would queue them; their payloads are placeholders (these tests are about delivery).
 */
export async function insertDueDeliveries(
  runtime: Runtime,
  url: string,
  count: number,
): Promise<string[]> {
  const user = await createTestUser(runtime);
  const reservation = await runtime.credits.reserve(user.id);
  const video = await insertVideo(runtime.database.db, {
    id: crypto.randomUUID(),
    userId: user.id,
    title: 'Deliveries',
    prompt: '',
    options: {},
    template: 'reveal',
    width: 1280,
    height: 720,
    reservationId: reservation.reservationId,
    inputPath: '/tmp/none',
    ownerId: 'webhook-deliveries-test',
    leaseMs: 600_000,
  });
  const repository = new WebhooksRepository(runtime.database.db);
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = crypto.randomUUID();
    ids.push(id);
    await repository.insertDelivery({
      id,
      userId: user.id,
      videoId: video.id,
      url,
      eventType: 'video.completed',
      payload: JSON.stringify({ id: `evt_${index}` }),
      nextAttemptAt: new Date(Date.now() - 1_000),
    });
  }
  return ids;
}
