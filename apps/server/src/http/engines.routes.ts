import { engineOptInRequestSchema } from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { EnginesService } from '../services/engines.service.ts';
import { parseJsonObjectBody } from './parse-body.ts';
import { requireActor, requireActorWith } from './actor.ts';

export interface EnginesRoutesOptions {
  auth: Auth;
  engines: EnginesService;
}

/** Issue #20: the engines a clinic may use, and the owner's acceptance of the generative one. */
export function registerEnginesRoutes(app: FastifyInstance, options: EnginesRoutesOptions): void {
  const { auth, engines } = options;

  app.get('/api/engines', async (request) => {
    const actor = await requireActor(auth, request);
    return { engines: await engines.list(actor) };
  });

  app.post('/api/engines/veo/opt-in', async (request) => {
    const actor = await requireActorWith(auth, request, { engine: 'opt-in' });
    parseJsonObjectBody(engineOptInRequestSchema, request.body);
    return engines.acceptVeo(actor);
  });
}
