import type { AccountSession } from '@glowreel/contracts';
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
  constructor(private readonly auth: Pick<Auth, 'api'>) {}

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
  async revoke(headers: Headers, sessionId: string): Promise<{ revoked: number }> {
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
    return { revoked: 1 };
  }

  /** Signs out every session of the member but this one. */
  async revokeOthers(headers: Headers): Promise<{ revoked: number }> {
    const sessions = await this.list(headers);
    await this.auth.api.revokeOtherSessions({ headers });
    return { revoked: sessions.filter((session) => !session.isCurrent).length };
  }
}
