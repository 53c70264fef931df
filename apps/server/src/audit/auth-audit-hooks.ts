import type { AuditActor, AuditTrail } from './audit-trail.ts';

/** What Better Auth hands its hooks that this file reads (kept loose: it is a library's shape). */
interface AuthEndpointContext {
  path?: string;
  body?: unknown;
  headers?: Headers;
  request?: Request;
  context?: {
    returned?: unknown;
    newSession?: { user: { id: string } } | null;
    session?: { user: { id: string } } | null;
  };
}

export interface AuthAuditOptions {
  audit: AuditTrail;
  /** The header the Fastify mount sets from request.ip (auth.ts CLIENT_IP_HEADER). */
  clientIpHeader: string;
  findUserIdByEmail: (email: string) => Promise<string | undefined>;
  log: { error: (details: object, message: string) => void };
}

/** Sign-in paths that start a session: e-mail and password, and a provider's callback. */
function isSignInPath(path: string): boolean {
  return (
    path === '/sign-in/email' ||
    path.startsWith('/callback/') ||
    path.startsWith('/oauth2/callback/')
  );
}

function isFailure(returned: unknown): boolean {
  return (
    returned instanceof Error ||
    (typeof returned === 'object' && returned !== null && 'statusCode' in returned)
  );
}

/**
 * The account events Better Auth carries out itself (issue #18 §4): sign-in and failed sign-in,
 * password change and reset, e-mail change. Recording never changes the answer: a failure to
 * write the event is logged, the person's request still succeeds.
 */
export function authAuditHooks(options: AuthAuditOptions) {
  const { audit, clientIpHeader } = options;
  // The endpoint contexts whose user update writes a new address (set in update.before).
  const emailChanges = new WeakSet<object>();

  const origin = (headers: Headers | undefined): Pick<AuditActor, 'ipAddress' | 'userAgent'> => ({
    ipAddress: headers?.get(clientIpHeader) ?? null,
    userAgent: headers?.get('user-agent') ?? null,
  });
  const safely = async (what: string, work: () => Promise<void>) => {
    await work().catch((error: unknown) =>
      options.log.error({ err: error }, `recording ${what} in the audit log failed`),
    );
  };

  const afterEndpoint = async (ctx: AuthEndpointContext): Promise<void> => {
    const path = ctx.path ?? '';
    const returned = ctx.context?.returned;
    const actor = origin(ctx.headers ?? ctx.request?.headers);
    if (isSignInPath(path)) {
      const userId = ctx.context?.newSession?.user.id;
      if (userId && !isFailure(returned)) {
        await safely('a sign-in', () =>
          audit.record({
            kind: 'account.signed_in',
            accountId: userId,
            actor: { kind: 'user', userId, ...actor },
            details: { method: path === '/sign-in/email' ? 'password' : 'provider' },
          }),
        );
      } else if (path === '/sign-in/email' && isFailure(returned)) {
        // Only an existing account has a log to write to; an unknown address leaves no trace.
        // Not awaited: the answer must not take longer for a known address than an unknown one.
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (typeof email !== 'string') return;
        void safely('a failed sign-in', async () => {
          const accountId = await options.findUserIdByEmail(email);
          if (!accountId) return;
          await audit.record({
            kind: 'account.sign_in_failed',
            accountId,
            // Nobody signed in, so no clinic: the account sees it in its personal clinic's log.
            clinicId: null,
            actor: { kind: 'user', userId: null, ...actor },
            details: { method: 'password' },
          });
        });
      }
      return;
    }
    if (path === '/change-password' && !isFailure(returned)) {
      const userId =
        (returned as { user?: { id?: string } } | undefined)?.user?.id ??
        ctx.context?.session?.user.id;
      if (!userId) return;
      await safely('a password change', () =>
        audit.record({
          kind: 'account.password_changed',
          accountId: userId,
          actor: { kind: 'user', userId, ...actor },
          target: { type: 'account', id: userId },
        }),
      );
    }
  };

  return {
    afterEndpoint,
    /** databaseHooks.user.update.before: notes that this request writes a new address. */
    noteUserUpdate(data: { email?: unknown }, context: AuthEndpointContext | null): void {
      if (context && context.path === '/verify-email' && typeof data.email === 'string')
        emailChanges.add(context);
    },
    /** databaseHooks.user.update.after: the new address has been written. */
    async afterUserUpdate(
      user: { id: string; email: string },
      context: AuthEndpointContext | null,
    ): Promise<void> {
      if (!context || !emailChanges.has(context)) return;
      emailChanges.delete(context);
      await safely('an e-mail change', () =>
        audit.record({
          kind: 'account.email_changed',
          accountId: user.id,
          actor: {
            kind: 'user',
            userId: user.id,
            ...origin(context.headers ?? context.request?.headers),
          },
          target: { type: 'account', id: user.id },
          details: { email: user.email },
        }),
      );
    },
    /** emailAndPassword.onPasswordReset: a reset link set a new password. */
    async passwordReset(user: { id: string }, request: Request | undefined): Promise<void> {
      await safely('a password reset', () =>
        audit.record({
          kind: 'account.password_reset',
          accountId: user.id,
          actor: { kind: 'user', userId: user.id, ...origin(request?.headers) },
          target: { type: 'account', id: user.id },
        }),
      );
    },
  };
}

export type AuthAuditHooks = ReturnType<typeof authAuditHooks>;
