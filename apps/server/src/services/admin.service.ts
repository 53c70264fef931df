import type { AuditEvent, AuditEventKind } from '@glowreel/contracts';
import type { AuditLog } from '../audit/audit-log.ts';
import { AppError } from '../errors.ts';
import type { OutboxRepository, OutboxRow } from '../db/outbox.repository.ts';
import type { ProfilesRepository } from '../db/profiles.repository.ts';
import type { CreditsService } from './credits.service.ts';
import type { ProfilesService } from './profiles.service.ts';

export interface GrantRequest {
  email: string;
  amount: number;
  bucket: 'free' | 'bonus';
}

export interface GrantResult {
  email: string;
  free: number;
  bonus: number;
  plan: number;
  total: number;
}

/** Operator commands. Only reachable from the machine itself (CLI or its local socket). */
export class AdminService {
  constructor(
    private readonly repository: ProfilesRepository,
    private readonly profiles: ProfilesService,
    private readonly credits: CreditsService,
    private readonly outbox: OutboxRepository,
    private readonly audit: AuditLog,
  ) {}

  /** An account's audit log for an operator (`npm run audit`), newest first. */
  async auditLog(request: {
    email: string;
    kind?: AuditEventKind | undefined;
    limit: number;
  }): Promise<{ email: string; events: AuditEvent[] }> {
    const userId = await this.repository.findUserIdByEmail(request.email);
    if (!userId) throw new AppError('not_found', `No account uses the e-mail ${request.email}.`);
    const page = await this.audit.page(userId, { kind: request.kind, limit: request.limit });
    return { email: request.email, events: page.events };
  }

  /** The newest mail kept in the outbox (no SMTP server configured), newest first. */
  listOutbox(limit: number): Promise<OutboxRow[]> {
    return this.outbox.list(limit);
  }

  /** To the account's personal clinic, the one it pays for itself. */
  async grantCredits({ email, amount, bucket }: GrantRequest): Promise<GrantResult> {
    const userId = await this.repository.findUserIdByEmail(email);
    if (!userId) throw new AppError('not_found', `No account uses the e-mail ${email}.`);
    await this.profiles.getProfile(userId); // Creates or backfills the personal clinic's profile first.
    const balance = await this.credits.grant(userId, amount, bucket, `granted by an operator`);
    return { email, ...balance, total: balance.free + balance.bonus + balance.plan };
  }
}
