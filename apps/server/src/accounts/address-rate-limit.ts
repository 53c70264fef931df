import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../errors.ts';

const HOUR_MS = 60 * 60 * 1000;
const addressSchema = z.email('Please enter a valid e-mail address.').max(254);

/**
 * A preHandler for the auth endpoints that e-mail an address someone typed: the address must
 * be one, and each address receives at most `perHour` such e-mails from this endpoint, whoever
 * asks (the per-client limit stops one machine; this one stops many machines flooding one
 * inbox). Counted by the app's one limiter, so REDIS_URL shares it between servers.
 */
export function addressMailLimit(
  app: FastifyInstance,
  options: { name: string; field: string; perHour: number },
): (request: FastifyRequest) => Promise<void> {
  const addressOf = (request: FastifyRequest): string => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const value = body[options.field];
    const parsed = addressSchema.safeParse(typeof value === 'string' ? value.trim() : value);
    if (!parsed.success) {
      throw new AppError(
        'validation_failed',
        parsed.error.issues[0]?.message ?? 'Invalid e-mail.',
        {
          fields: { [options.field]: 'Please enter a valid e-mail address.' },
        },
      );
    }
    return parsed.data.toLowerCase();
  };
  const check = app.createRateLimit({
    timeWindow: HOUR_MS,
    max: options.perHour,
    keyGenerator: (request) => `${options.name}-address:${addressOf(request)}`,
  });
  return async (request) => {
    addressOf(request);
    const state = await check(request);
    if (state.isAllowed || !state.isExceeded) return;
    throw new AppError(
      'rate_limited',
      `Too many e-mails were requested for this address. Please wait ${Math.max(1, Math.ceil(state.ttlInSeconds / 60))} minutes and try again.`,
    );
  };
}
