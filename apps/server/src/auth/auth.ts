import { failedPasswordRules, COPY, PASSWORD_MIN_LENGTH } from '@glowreel/contracts';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { SessionCache, SESSION_CACHE_DEFAULTS, type SessionCacheOptions } from './session-cache.ts';

// Better Auth reads the client address from this header only; the Fastify mount sets it
// from request.ip and drops any value the client sent (DESIGN.md field note on X-Forwarded-For).
export const CLIENT_IP_HEADER = 'x-glowreel-client-ip';

export interface AuthOptions {
  db: Kysely<Database>;
  secret: string;
  publicUrl: string;
  sessionCache?: SessionCacheOptions;
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

export function createAuth(options: AuthOptions) {
  const sessionCache = new SessionCache(options.sessionCache ?? SESSION_CACHE_DEFAULTS);
  const auth = createBetterAuth(options, sessionCache);
  return Object.assign(auth, { sessionCache });
}

function createBetterAuth({ db, secret, publicUrl }: AuthOptions, sessionCache: SessionCache) {
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
    // Runs once each deletion has committed (also for every row of a revoke-all), so a
    // revoked session stops working at once rather than when its cache entry ages out.
    databaseHooks: {
      session: {
        delete: {
          after: (session) => {
            sessionCache.revoke(session.token);
            return Promise.resolve();
          },
        },
      },
    },
    telemetry: { enabled: false },
    logger: { level: 'error' },
    hooks: {
      before: createAuthMiddleware((ctx) => {
        if (ctx.path !== '/sign-up/email') return Promise.resolve();
        const body = (ctx.body ?? {}) as { name?: unknown; password?: unknown };
        const fields: Record<string, string> = {};
        if (typeof body.name !== 'string' || body.name.trim() === '') {
          fields.name = 'Full name is required.';
        }
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
