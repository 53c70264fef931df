import { failedPasswordRules, COPY, PASSWORD_MIN_LENGTH } from '@glowreel/contracts';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { hashPassword } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import type { AccountMail } from '../accounts/account-mail.ts';
import { authAuditHooks, type AuthAuditHooks } from '../audit/auth-audit-hooks.ts';
import type { AuditTrail } from '../audit/audit-trail.ts';
import { EmailVerificationGate } from '../accounts/email-verification-gate.ts';
import type { SignInProvidersConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { ProfilesRepository } from '../db/profiles.repository.ts';
import { UsersRepository } from '../db/users.repository.ts';
import { clinicsPlugin, unservedClinicPaths } from '../clinics/clinics-plugin.ts';
import type { ClinicsService } from '../clinics/clinics.service.ts';
import { checkAuthInput, checkDisplayName } from './auth-input-rules.ts';
import { SessionCache, SESSION_CACHE_DEFAULTS, type SessionCacheOptions } from './session-cache.ts';
import { oidcPluginsFor, socialProvidersFor } from './sign-in-providers.ts';

// Better Auth reads the client address from this header only; the Fastify mount sets it
// from request.ip and drops any value the client sent (DESIGN.md field note on X-Forwarded-For).
export const CLIENT_IP_HEADER = 'x-glowreel-client-ip';

export interface AuthOptions {
  db: Kysely<Database>;
  secret: string;
  publicUrl: string;
  sessionCache?: SessionCacheOptions;
  /** Reset links, verification links and the password-changed notice. */
  mail: AccountMail;
  /** REQUIRE_EMAIL_VERIFICATION: API keys and plans wait for a confirmed address. */
  requireEmailVerification: boolean;
  /** Google and the operator's OpenID Connect issuer; none when omitted. */
  signInProviders?: SignInProvidersConfig;
  /**
   * Runs once a new account has committed, whichever way it signed up (e-mail and password,
   * Google, OpenID Connect): the one place its personal clinic and SPEC §3 profile are created.
   */
  onUserCreated?: (user: { id: string; name: string }) => Promise<void>;
  /**
   * Runs once a new session has committed (after onUserCreated for a sign-up's first one):
   * where it is pointed at the account's clinic.
   */
  onSessionCreated?: (session: { id: string; userId: string }) => Promise<void>;
  /** Who a signed-in request acts for (http/actor.ts): read on every request, never cached. */
  clinics: ClinicsService;
  /** Sign-ins, failed sign-ins, password and e-mail changes go to the audit log (issue #18 §4). */
  audit?: AuditTrail;
  /** Where a failure to write an audit event is reported. */
  log?: { error: (details: object, message: string) => void };
}

/** Reset links expire after an hour (issue 17 §1). */
const RESET_LINK_SECONDS = 60 * 60;
/** Verification links stay usable for a day: people confirm when they next read mail. */
const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

/** The app's own origins: the one check for Better Auth and for cookie-authenticated API calls. */
export function trustedOriginsFor(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = [url.origin];
  // A local install is reached as localhost or 127.0.0.1 interchangeably.
  if (url.hostname === 'localhost' || url.hostname === '127.0.0.1') {
    for (const host of ['localhost', '127.0.0.1'])
      origins.push(`${url.protocol}//${host}:${url.port}`);
  }
  return [...new Set(origins)];
}

/** How often a session in use is renewed: the precision of "last active" on /account. */
export const SESSION_RENEWAL_SECONDS = 60 * 60;

type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The rule's failures as one sentence, or null when the password passes SPEC §5. */
function passwordProblem(password: unknown): string | null {
  const failed = failedPasswordRules(typeof password === 'string' ? password : '');
  if (failed.length === 0) return null;
  return `${COPY.passwordDoesNotMeetRequirements}: ${failed
    .map((rule) => rule.label.toLowerCase())
    .join(', ')}.`;
}

function checkSignUp(ctx: AuthHookContext): void {
  if (ctx.path !== '/sign-up/email') return;
  const body = (ctx.body ?? {}) as { name?: unknown; password?: unknown };
  const fields: Record<string, string> = {};
  const name = checkDisplayName(body.name);
  if ('problem' in name) fields.name = name.problem;
  const problem = passwordProblem(body.password);
  if (problem) fields.password = problem;
  if (Object.keys(fields).length === 0) return;
  throw new APIError('UNPROCESSABLE_ENTITY', {
    code: 'VALIDATION_FAILED',
    message: fields.password ? COPY.passwordDoesNotMeetRequirements : 'Please fill in every field.',
    details: { fields },
  });
}

/**
 * Every other Better Auth HTTP endpoint of this version that sets a password, with the body
 * field holding it. Better Auth itself checks only the length, so without this `password` and
 * `12345678` were accepted by change-password although sign-up refuses them.
 */
const NEW_PASSWORD_FIELDS: Readonly<Record<string, string>> = {
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
};

function checkNewPassword(ctx: AuthHookContext): void {
  const field = NEW_PASSWORD_FIELDS[ctx.path];
  if (!field) return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const problem = passwordProblem(body[field]);
  if (!problem) return;
  throw new APIError('UNPROCESSABLE_ENTITY', {
    code: 'VALIDATION_FAILED',
    message: COPY.passwordDoesNotMeetRequirements,
    details: { fields: { [field]: problem } },
  });
}

/**
 * The last gate: every path that stores a password hashes it here first, including the
 * server-only set-password (it has no route path for a hook to match) and any endpoint a
 * later Better Auth version adds.
 */
async function hashWithinRules(password: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) {
    throw new APIError('UNPROCESSABLE_ENTITY', {
      code: 'VALIDATION_FAILED',
      message: COPY.passwordDoesNotMeetRequirements,
      details: { fields: { newPassword: problem } },
    });
  }
  return hashPassword(password);
}

export function createAuth(options: AuthOptions) {
  const sessionCache = new SessionCache(options.sessionCache ?? SESSION_CACHE_DEFAULTS);
  const users = new UsersRepository(options.db);
  const accounts = new ProfilesRepository(options.db);
  const audited = options.audit
    ? authAuditHooks({
        audit: options.audit,
        clientIpHeader: CLIENT_IP_HEADER,
        findUserIdByEmail: (email) => accounts.findUserIdByEmail(email.trim()),
        log: options.log ?? { error: () => undefined },
      })
    : null;
  const auth = createBetterAuth(options, sessionCache, audited);
  const emailGate = new EmailVerificationGate(users, options.requireEmailVerification);
  return Object.assign(auth, {
    sessionCache,
    emailGate,
    mail: options.mail,
    clinics: options.clinics,
  });
}

/**
 * Better Auth's verify link lands on "/" when no page was named; a confirmed address is
 * news for the dashboard, where the banner was.
 */
function verificationLink(url: string): string {
  const link = new URL(url);
  const callback = link.searchParams.get('callbackURL');
  if (!callback || callback === '/') link.searchParams.set('callbackURL', '/dashboard');
  return link.toString();
}

const NO_SIGN_IN_PROVIDERS: SignInProvidersConfig = { google: null, oidc: null };

/** Better Auth endpoints the app does its own way (see disabledPaths below). */
export const UNSERVED_AUTH_PATHS = [
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
] as const;

function signInPlugins(signInProviders: SignInProvidersConfig) {
  return [...oidcPluginsFor(signInProviders), clinicsPlugin()];
}

function createBetterAuth(
  options: AuthOptions,
  sessionCache: SessionCache,
  audited: AuthAuditHooks | null,
) {
  const { db, secret, publicUrl, mail, onUserCreated, onSessionCreated } = options;
  const signInProviders = options.signInProviders ?? NO_SIGN_IN_PROVIDERS;
  return betterAuth({
    appName: 'Glowreel',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOriginsFor(publicUrl),
    database: { db, type: 'postgres' },
    // Sessions are signed out through /api/account/sessions, which records each in the audit
    // log; Better Auth's own endpoints for it are not served (its server-side calls remain).
    // Nor are the clinics' (organization plugin) yet: see clinics-plugin.ts.
    disabledPaths: [...UNSERVED_AUTH_PATHS, ...unservedClinicPaths()],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      password: { hash: hashWithinRules },
      // The link opens the web app's own page, which posts the token with the new password.
      sendResetPassword: ({ user, token }) => {
        mail.sendPasswordReset(
          user.email,
          `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
        );
        return Promise.resolve();
      },
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }, request) => {
        mail.sendPasswordChanged(user.email);
        await audited?.passwordReset(user, request);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: VERIFICATION_LINK_SECONDS,
      // Also the change-email link: Better Auth passes the new address as user.email.
      sendVerificationEmail: ({ user, url }) => {
        mail.sendVerification(user.email, verificationLink(url));
        return Promise.resolve();
      },
    },
    user: {
      // The new address receives a link; the change happens only when it is opened.
      changeEmail: { enabled: true },
    },
    // Reset tokens are kept as SHA-256 digests, so a copy of the database opens no account.
    verification: { storeIdentifier: 'hashed' },
    // A provider's callback that cannot be tied to a sign-in we started (a replayed or
    // expired state) lands on the sign-in page, which explains it, not on Better Auth's own.
    onAPIError: { errorURL: `${publicUrl}/login` },
    socialProviders: socialProvidersFor(signInProviders),
    plugins: signInPlugins(signInProviders),
    account: {
      accountLinking: {
        enabled: true,
        // A provider's sign-in joins an existing account only when both sides vouch for the
        // address: the provider says it verified it, and this account verified it too.
        trustedProviders: [],
        requireLocalEmailVerified: true,
        allowDifferentEmails: false,
      },
    },
    // A session in use is renewed (its updatedAt and expiry moved on) at most once an hour
    // rather than Better Auth's once a day, so the account page's "last active" is within the
    // hour; one small write per hour per active session.
    session: { updateAge: SESSION_RENEWAL_SECONDS },
    // Fastify's limiter guards sign-in and sign-up per client IP with our error shape.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    databaseHooks: {
      user: {
        update: {
          // A new address is written only from a link opened in that mailbox, which proves it
          // as much as a verification link; Better Auth would carry over the old address's
          // unconfirmed state and leave the account gated with no link on its way.
          before: (user, context) => {
            audited?.noteUserUpdate(user, context);
            return Promise.resolve(
              context?.path === '/verify-email' && typeof user.email === 'string'
                ? { data: { ...user, emailVerified: true } }
                : undefined,
            );
          },
          after: async (user, context) => {
            await audited?.afterUserUpdate(user, context);
          },
        },
        create: {
          // Better Auth queues this until the account's transaction commits, so the profile's
          // own transaction never nests inside it (PGlite has one connection).
          after: async (user) => {
            await onUserCreated?.({ id: user.id, name: user.name });
          },
        },
      },
      session: {
        // Queued behind the account's own hook, so a sign-up's first session finds the clinic.
        create: {
          after: async (session) => {
            await onSessionCreated?.({ id: session.id, userId: session.userId });
          },
        },
        // Runs once each deletion has committed (also for every row of a revoke-all), so a
        // revoked session stops working at once rather than when its cache entry ages out.
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
      before: createAuthMiddleware((ctx): Promise<unknown> => {
        // Control characters, unusable redirect targets and profile names (issue 15).
        const tidied = checkAuthInput({ path: ctx.path, body: ctx.body, query: ctx.query });
        if (tidied) return Promise.resolve(tidied);
        checkSignUp(ctx);
        checkNewPassword(ctx);
        return Promise.resolve();
      }),
      after: createAuthMiddleware(async (ctx) => {
        await audited?.afterEndpoint(ctx);
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
