import { describe, expect, it } from 'vitest';
import { RecordingAuditTrail } from '../testing/recording-audit-trail.ts';
import {
  AccountDeletionService,
  type AccountDeletionDependencies,
} from './account-deletion.service.ts';

// The order that keeps "nothing deleted" true: the subscription is cancelled before any row
// or file goes, so a provider that refuses leaves the account whole.

function setUp(cancelSubscription: (userId: string) => Promise<void>) {
  const calls: string[] = [];
  const audit = new RecordingAuditTrail();
  const rows: AccountDeletionDependencies['rows'] = {
    findUser: () =>
      Promise.resolve({ id: 'u1', email: 'a@b.example', name: 'A', createdAt: new Date() }),
    findPasswordHash: () => Promise.resolve('hash'),
    hasVideoRendering: () => Promise.resolve(false),
    findClinicsLeftWithoutOwner: () => Promise.resolve([]),
    findOwnClinicIds: () => Promise.resolve(['c1']),
    findAccountFiles: () =>
      Promise.resolve({
        videoKeys: ['v1.mp4'],
        logoKeys: [],
        photoKey: null,
        exportKeys: [],
        sessionTokens: ['t1'],
      }),
    transaction: (work) => {
      calls.push('transaction');
      return work({} as never);
    },
    deleteUserKeepingLedgerTotals: () => {
      calls.push('delete user');
      return Promise.resolve(true);
    },
  };
  const service = new AccountDeletionService({
    rows,
    verifyPassword: () => Promise.resolve(true),
    cancelSubscription: async (userId) => {
      calls.push('cancel');
      await cancelSubscription(userId);
    },
    videoFiles: { delete: (key) => Promise.resolve(void calls.push(`remove ${key}`)) },
    logos: { remove: () => Promise.resolve() },
    photos: { remove: () => Promise.resolve() },
    exportFiles: { remove: () => Promise.resolve() },
    forgetSessions: (tokens) => void calls.push(`forget ${tokens.join(',')}`),
    audit,
    log: { error: () => undefined },
  });
  return { service, calls, audit };
}

describe('AccountDeletionService', () => {
  it('cancels the subscription first, then deletes rows, sessions and files', async () => {
    const { service, calls, audit } = setUp(() => Promise.resolve());
    await service.deleteAccount('u1');
    expect(calls).toEqual(['cancel', 'transaction', 'delete user', 'forget t1', 'remove v1.mp4']);
    expect(audit.entries).toEqual([expect.objectContaining({ kind: 'account.deleted' })]);
  });

  it('deletes nothing when the payment provider refuses to cancel', async () => {
    const { service, calls, audit } = setUp(() => Promise.reject(new Error('Stripe is down')));
    await expect(service.deleteAccount('u1')).rejects.toThrow('Stripe is down');
    expect(calls).toEqual(['cancel']);
    expect(audit.entries).toEqual([]);
  });
});
