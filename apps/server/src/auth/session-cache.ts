/**
 * Who a session cookie belongs to, remembered for a few seconds so a signed-in request does not
 * pay for Better Auth's getSession (cookie signature check, session and user rows) every time:
 * under load that was most of GET /api/me's cost (docs/perf.md, "The API under load").
 *
 * Correctness rules:
 * - An entry is found only for the exact signed cookie value Better Auth accepted.
 * - It lives at most `ttlMs`, and never past the session's own expiry.
 * - Every session deleted through Better Auth in this process (sign-out, revoke-session(s),
 *   password change with revocation, account deletion) is evicted when the deletion commits,
 *   and a lookup that was already running when it was deleted cannot put it back.
 * - A session deleted by another server process sharing the database stops working here within
 *   `ttlMs` (the cache is per process).
 *
 * Past half its life an entry asks one request to look the session up again while the others
 * keep using it: without that, every connection of a busy client missed at the same moment
 * when the entry expired, and their getSession calls queued on the embedded database's one
 * connection (p99 of seconds in bench:api).
 */
export interface SessionCacheOptions {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  signedValue: string;
  userId: string;
  until: number;
  refreshAt: number;
  isRefreshing: boolean;
}

export interface RememberedSession {
  userId: string;
  /** This caller should look the session up again (one caller per entry is told so). */
  shouldRefresh: boolean;
}

export const SESSION_CACHE_DEFAULTS: SessionCacheOptions = { ttlMs: 5_000, maxEntries: 10_000 };

export class SessionCache {
  /** Keyed by the session token (the cookie's part before the signature). */
  private readonly entries = new Map<string, Entry>();
  /** Tokens deleted recently, with when that stops mattering: no lookup may re-add them. */
  private readonly revoked = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly options: SessionCacheOptions = SESSION_CACHE_DEFAULTS) {
    this.now = options.now ?? (() => Date.now());
  }

  /** The session remembered for this signed cookie value, if it is still fresh. */
  find(signedValue: string): RememberedSession | undefined {
    const token = tokenOf(signedValue);
    const entry = this.entries.get(token);
    if (!entry || entry.signedValue !== signedValue) return undefined;
    const now = this.now();
    if (entry.until <= now) {
      this.entries.delete(token);
      return undefined;
    }
    const shouldRefresh = !entry.isRefreshing && entry.refreshAt <= now;
    if (shouldRefresh) entry.isRefreshing = true;
    return { userId: entry.userId, shouldRefresh };
  }

  /** A fresh lookup found no session for this cookie value. */
  forget(signedValue: string): void {
    const token = tokenOf(signedValue);
    if (this.entries.get(token)?.signedValue === signedValue) this.entries.delete(token);
  }

  /** Remembers a session Better Auth has just accepted for this signed cookie value. */
  remember(signedValue: string, session: { token: string; userId: string; expiresAt: Date }) {
    const token = tokenOf(signedValue);
    const now = this.now();
    if (token !== session.token || session.expiresAt.getTime() <= now) return;
    this.forgetExpiredRevocations(now);
    if (this.revoked.has(token)) return;
    // Oldest first: Map keeps insertion order, so the first key is the least recently added.
    this.entries.delete(token);
    while (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(token, {
      signedValue,
      userId: session.userId,
      until: Math.min(now + this.options.ttlMs, session.expiresAt.getTime()),
      refreshAt: now + this.options.ttlMs / 2,
      isRefreshing: false,
    });
  }

  /** The session was deleted: it stops working at once in this process. */
  revoke(token: string): void {
    this.entries.delete(token);
    this.revoked.set(token, this.now() + this.options.ttlMs);
  }

  get size(): number {
    return this.entries.size;
  }

  private forgetExpiredRevocations(now: number): void {
    for (const [token, until] of this.revoked) if (until <= now) this.revoked.delete(token);
  }
}

/** Better Auth's session cookie is `<token>.<signature>`, URL-encoded. */
export function tokenOf(signedValue: string): string {
  let decoded = signedValue;
  try {
    decoded = decodeURIComponent(signedValue);
  } catch {
    // Not URL-encoded: use it as it came.
  }
  const dot = decoded.lastIndexOf('.');
  return dot > 0 ? decoded.slice(0, dot) : decoded;
}
