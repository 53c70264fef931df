import { apiKeyCreateSchema, webhookSecretRotateSchema } from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import { userActor } from '../audit/request-actor.ts';
import type { Auth } from '../auth/auth.ts';
import { AppError } from '../errors.ts';
import type { ApiKeysService } from '../services/api-keys.service.ts';
import type { WebhooksService } from '../services/webhooks.service.ts';
import { parseJsonObjectBody } from './parse-body.ts';
import { requireActorWith } from './actor.ts';

/** The dashboard's Developers section: keys, the webhook secret and delivery log (signed in). */
export function registerApiKeysRoutes(
  app: FastifyInstance,
  options: { auth: Auth; apiKeys: ApiKeysService; webhooks: WebhooksService },
): void {
  const { auth, apiKeys, webhooks } = options;

  app.post('/api/keys', async (request, reply) => {
    const { userId, clinicId } = await requireActorWith(auth, request, { apiKey: 'create' });
    await auth.emailGate.requireVerified(userId, 'api_keys');
    const parsed = apiKeyCreateSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      throw new AppError('validation_failed', parsed.error.issues[0]?.message ?? 'Invalid name.', {
        field: 'name',
      });
    }
    const created = await apiKeys.create(
      userId,
      parsed.data.name,
      userActor(request, userId),
      clinicId,
    );
    return reply.status(201).send(created);
  });

  app.get('/api/keys', async (request) => {
    const { clinicId } = await requireActorWith(auth, request, { apiKey: 'read' });
    return { keys: await apiKeys.list(clinicId) };
  });

  app.delete<{ Params: { id: string } }>('/api/keys/:id', async (request, reply) => {
    const actor = await requireActorWith(auth, request, { apiKey: 'revoke' });
    await apiKeys.revoke(actor, request.params.id, userActor(request, actor.userId));
    return reply.status(204).send();
  });

  app.get('/api/webhook-secret', async (request) => {
    const actor = await requireActorWith(auth, request, { webhook: 'read' });
    return { secret: await webhooks.secretFor(actor) };
  });

  app.post('/api/webhook-secret/rotate', async (request) => {
    const actor = await requireActorWith(auth, request, { webhook: 'rotate' });
    parseJsonObjectBody(webhookSecretRotateSchema, request.body);
    return { secret: await webhooks.rotateSecret(actor) };
  });

  app.get('/api/webhook-deliveries', async (request) => {
    const { clinicId } = await requireActorWith(auth, request, { webhook: 'read' });
    return { deliveries: await webhooks.listDeliveries(clinicId) };
  });
}
