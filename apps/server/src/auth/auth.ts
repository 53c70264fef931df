import { failedPasswordRules, COPY, PASSWORD_MIN_LENGTH } from '@glowreel/contracts';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { checkAuthInput, checkDisplayName } from './auth-input-rules.ts';

// Better Auth reads the client address from this header only; the Fastify mount sets it
// from request.ip and drops any value the client sent (DESIGN.md field note on X-Forwarded-For).
export const CLIENT_IP_HEADER = 'x-glowreel-client-ip';

export interface AuthOptions {
  db: Kysely<Database>;
  secret: string;
  publicUrl: string;
}

function trustedOriginsFor(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = [url.origin];
  // A local install is reached as localhost or 127.0.0.1 interchangeably.
  if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') {
    for (const host of ['localhost', '127.0.0.1'])
      origins.push(`${url.protocol}//${host}:${url.port}`);
  }
  return [...new Set(origins)];
}

export function createAuth({ db, secret, publicUrl }: AuthOptions) {
  return betterAuth({
    appName: 'Glowreel',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOriginsFor(publicUrl),
    database: { db, type: 'postgres' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    // Fastify's limiter guards sign-in and sign-up per client IP with our error shape.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    telemetry: { enabled: false },
    logger: { level: 'error' },
    hooks: {
      before: createAuthMiddleware((ctx): Promise<unknown> => {
        // Control characters, unusable redirect targets and profile names (issue 15).
        const tidied = checkAuthInput({ path: ctx.path, body: ctx.body, query: ctx.query });
        if (tidied) return Promise.resolve(tidied);
        if (ctx.path !== '/sign-up/email') return Promise.resolve();
        const body = (ctx.body ?? {}) as { name?: unknown; password?: unknown };
        const fields: Record<string, string> = {};
        const name = checkDisplayName(body.name);
        if ('problem' in name) fields.name = name.problem;
        const password = typeof body.password === 'string' ? body.password : '';
        const failed = failedPasswordRules(password);
        if (failed.length > 0) {
          fields.password = `${COPY.passwordDoesNotMeetRequirements}: ${failed
            .map((rule) => rule.label.toLowerCase())
            .join(', ')}.`;
        }
        if (Object.keys(fields).length === 0) return Promise.resolve();
        throw new APIError('UNPROCESSABLE_ENTITY', {
          code: 'VALIDATION_FAILED',
          message: fields.password
            ? COPY.passwordDoesNotMeetRequirements
            : 'Please fill in every field.',
          details: { fields },
        });
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
