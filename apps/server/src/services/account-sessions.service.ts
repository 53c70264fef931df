import type { AccountSession } from '@glowreel/contracts';
import type { AuditActor, AuditTrail } from '../audit/audit-trail.ts';
import type { Auth } from '../auth/auth.ts';
import { AppError } from '../errors.ts';
import { describeDevice } from './device-name.ts';

/**
 * The member's signed-in sessions (issue #17 §4), through Better Auth's own list-sessions,
 * revoke-session and revoke-other-sessions. Each call acts for the session whose cookie the
 * request carries; Better Auth's delete hook evicts revoked sessions from the session cache
 * (auth.ts), so a revoked session stops working at once.
 */
export class AccountSessionsService {
  constructor(
    private readonly auth: Pick<Auth, 'api'>,
    private readonly audit: AuditTrail,
  ) {}

  async list(headers: Headers): Promise<AccountSession[]> {
    const [current, sessions] = await Promise.all([
      this.auth.api.getSession({ headers }),
      this.auth.api.listSessions({ headers }),
    ]);
    if (!current) throw new AppError('unauthorized', 'Please sign in to continue.');
    return sessions
      .map((session) => ({
        id: session.id,
        device: describeDevice(session.userAgent),
        lastActiveAt: new Date(session.updatedAt).toISOString(),
        signedInAt: new Date(session.createdAt).toISOString(),
        isCurrent: session.id === current.session.id,
      }))
      .sort(
        (a, b) =>
          Number(b.isCurrent) - Number(a.isCurrent) || b.lastActiveAt.localeCompare(a.lastActiveAt),
      );
  }

  /** Signs out one of the member's sessions; this device's own is signed out with Sign Out. */
  async revoke(
    headers: Headers,
    sessionId: string,
    actor: AuditActor,
  ): Promise<{ revoked: number }> {
    const [current, sessions] = await Promise.all([
      this.auth.api.getSession({ headers }),
      this.auth.api.listSessions({ headers }),
    ]);
    if (!current) throw new AppError('unauthorized', 'Please sign in to continue.');
    if (sessionId === current.session.id) {
      throw new AppError(
        'bad_request',
        'This is the session you are using. Use Sign Out to end it.',
      );
    }
    // Only the member's own sessions are listed, so another account's id is simply not found.
    const target = sessions.find((session) => session.id === sessionId);
    if (!target) {
      throw new AppError('not_found', 'That session has already ended or is not yours.');
    }
    await this.auth.api.revokeSession({ headers, body: { token: target.token } });
    await this.recordRevoked(current.user.id, [target.id], actor);
    return { revoked: 1 };
  }

  /** Signs out every session of the member but this one. */
  async revokeOthers(headers: Headers, actor: AuditActor): Promise<{ revoked: number }> {
    const current = await this.auth.api.getSession({ headers });
    if (!current) throw new AppError('unauthorized', 'Please sign in to continue.');
    const others = (await this.list(headers)).filter((session) => !session.isCurrent);
    await this.auth.api.revokeOtherSessions({ headers });
    await this.recordRevoked(
      current.user.id,
      others.map((session) => session.id),
      actor,
    );
    return { revoked: others.length };
  }

  /** One audit event per signed-out session (issue #18 §4), once Better Auth has deleted it. */
  private async recordRevoked(
    accountId: string,
    sessionIds: string[],
    actor: AuditActor,
  ): Promise<void> {
    for (const id of sessionIds) {
      await this.audit.record({
        kind: 'account.session_revoked',
        accountId,
        actor,
        target: { type: 'session', id },
      });
    }
  }
}
