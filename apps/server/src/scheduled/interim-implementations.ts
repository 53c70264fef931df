import type { RetentionActions } from './retention.service.ts';

interface Log {
  info: (details: object, message: string) => void;
  warn: (details: object, message: string) => void;
}

/**
 * Stands in for the account and video deletion services (issue #18 §2) until they are wired.
 * A deletion it cannot do fails, so retention leaves the account or video due and tries it
 * again the next day instead of marking it done; there are no exports to remove yet.
 */
export class UnavailableRetentionActions implements RetentionActions {
  constructor(private readonly log: Log) {}

  deleteAccount(userId: string): Promise<void> {
    return Promise.reject(new Error(`account deletion is not available yet (account ${userId})`));
  }

  deleteVideo(_userId: string, videoId: string): Promise<void> {
    return Promise.reject(new Error(`video deletion is not available yet (video ${videoId})`));
  }

  removeExpiredExports(): Promise<number> {
    this.log.warn({}, 'data exports are not available yet: none to remove');
    return Promise.resolve(0);
  }
}
