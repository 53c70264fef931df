import { createHash, randomBytes } from 'node:crypto';
import { isWellFormedId, type ApiKeyCreated, type ApiKeySummary } from '@glowreel/contracts';
import type { AuditActor, AuditTrail } from '../audit/audit-trail.ts';
import type { ApiKeyRow, ApiKeysRepository } from '../db/api-keys.repository.ts';
import { AppError } from '../errors.ts';

const KEY_PREFIX = 'grk_live_';
/** Enough of the key to recognise it in a list, never enough to use it. */
const VISIBLE_PREFIX_LENGTH = KEY_PREFIX.length + 6;
/** A 'last used' time this fresh is not written again (one write per key per minute at most). */
const LAST_USED_RESOLUTION_MS = 60_000;

export const UNAUTHORIZED_KEY_MESSAGE =
  'Send a valid API key as "Authorization: Bearer <key>". Create one under Developers on your dashboard.';

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function toSummary(row: ApiKeyRow): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/** API keys: shown once at creation, stored only as a hash, revocable. */
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly audit: AuditTrail,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A key of `clinicId` (the acting clinic; the member's personal clinic when omitted) that
   * records `userId` as the member who created it and acts for the clinic whoever that is.
   */
  async create(
    userId: string,
    name: string,
    actor: AuditActor,
    clinicId?: string,
  ): Promise<ApiKeyCreated> {
    const key = `${KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
    const row = await this.keys.transaction(async (keys, trx) => {
      const inserted = await keys.insert({
        id: crypto.randomUUID(),
        userId,
        ...(clinicId === undefined ? {} : { clinicId }),
        name,
        prefix: key.slice(0, VISIBLE_PREFIX_LENGTH),
        keyHash: hashKey(key),
      });
      await this.audit.record(
        {
          kind: 'api_key.created',
          accountId: userId,
          actor,
          target: { type: 'api_key', id: inserted.id },
          details: { name: inserted.name, prefix: inserted.prefix },
        },
        trx,
      );
      return inserted;
    });
    return { ...toSummary(row), key };
  }

  async list(clinicId: string): Promise<ApiKeySummary[]> {
    return (await this.keys.listActive(clinicId)).map(toSummary);
  }

  async revoke(
    member: { userId: string; clinicId: string },
    keyId: string,
    actor: AuditActor,
  ): Promise<void> {
    const { userId, clinicId } = member;
    // Another account's key, or a malformed id, is indistinguishable from a missing one.
    const revoked =
      isWellFormedId(keyId) &&
      (await this.keys.transaction(async (keys, trx) => {
        if (!(await keys.revoke(clinicId, keyId))) return false;
        await this.audit.record(
          {
            kind: 'api_key.revoked',
            accountId: userId,
            actor,
            target: { type: 'api_key', id: keyId },
          },
          trx,
        );
        return true;
      }));
    if (!revoked) throw new AppError('not_found', 'No active API key with this id.');
  }

  /** The account behind an Authorization header, or a 401. */
  async authenticate(authorization: string | undefined): Promise<string> {
    return (await this.authenticateKey(authorization)).userId;
  }

  /** The account and the key (for the audit log's actor) behind an Authorization header. */
  async authenticateKey(
    authorization: string | undefined,
  ): Promise<{ userId: string; clinicId: string; apiKeyId: string }> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    const key = match?.[1];
    if (!key?.startsWith(KEY_PREFIX)) throw new AppError('unauthorized', UNAUTHORIZED_KEY_MESSAGE);
    const row = await this.keys.findActiveByHash(hashKey(key));
    if (!row) throw new AppError('unauthorized', UNAUTHORIZED_KEY_MESSAGE);
    const now = this.now();
    if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
      await this.keys.touch(row.id, now);
    }
    return { userId: row.user_id, clinicId: row.clinic_id, apiKeyId: row.id };
  }
}
