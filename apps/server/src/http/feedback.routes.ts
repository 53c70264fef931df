import { feedbackRequestSchema } from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { FeedbackService } from '../services/feedback.service.ts';
import { parseBody } from './parse-body.ts';
import { requireActorWith } from './actor.ts';

/** POST /api/feedback (signed in) and the public landing figures it feeds. */
export function registerFeedbackRoutes(
  app: FastifyInstance,
  options: { auth: Auth; feedback: FeedbackService },
): void {
  const { auth, feedback } = options;

  app.post('/api/feedback', async (request, reply) => {
    const member = await requireActorWith(auth, request, { feedback: 'create' });
    await feedback.submit(member, parseBody(feedbackRequestSchema, request.body));
    return reply.status(201).send({ success: true });
  });

  app.get('/api/stats', async (_request, reply) => {
    // Counting is cheap but the landing page is the busiest: a minute of staleness is fine.
    reply.header('cache-control', 'public, max-age=60');
    return feedback.landingStats();
  });
}
