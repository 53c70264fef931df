import type { Kysely, Selectable, Transaction } from 'kysely';
import { LockedProfile } from './profiles.repository.ts';
import type { BillingSubscriptionsTable, Database } from './schema.ts';
import { findPersonalClinicId } from '../clinics/clinics.repository.ts';

export type BillingSubscriptionRow = Selectable<BillingSubscriptionsTable>;
export type BillingSubscriptionValues = Omit<
  BillingSubscriptionRow,
  'user_id' | 'clinic_id' | 'updated_at'
>;

/**
 * A clinic's billing state (issue #21: the plan, Stripe customer and subscription are the
 * clinic's) and the processed webhook events. Changes happen inside `withLockedAccount`, which
 * locks the clinic's profile row exactly as the credit ledger does, so a plan change and a
 * credit reservation can never interleave.
 */
export class BillingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  withLockedAccount<T>(
    clinicId: string,
    work: (profile: LockedProfile, billing: LockedBilling) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const profileRow = await trx
        .selectFrom('profiles')
        .selectAll()
        .where('clinic_id', '=', clinicId)
        .forUpdate()
        .executeTakeFirst();
      const billingRow = await trx
        .selectFrom('billing_subscriptions')
        .selectAll()
        .where('clinic_id', '=', clinicId)
        .executeTakeFirst();
      return work(
        new LockedProfile(trx, clinicId, profileRow),
        new LockedBilling(trx, clinicId, profileRow?.user_id, billingRow),
      );
    });
  }

  findSubscription(clinicId: string): Promise<BillingSubscriptionRow | undefined> {
    return this.db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('clinic_id', '=', clinicId)
      .executeTakeFirst();
  }

  /** The clinic a payment provider's customer pays for. */
  findClinicIdByCustomerId(customerId: string): Promise<string | undefined> {
    return this.db
      .selectFrom('profiles')
      .select('clinic_id')
      .where('customer_id', '=', customerId)
      .executeTakeFirst()
      .then((row) => row?.clinic_id);
  }

  /** The clinic made for the account at sign-up: where a legacy checkout's user id points. */
  findPersonalClinicId(userId: string): Promise<string | undefined> {
    return findPersonalClinicId(this.db, userId);
  }

  /** Whether `clinicId` is a clinic that exists (a provider's hint is checked before use). */
  clinicExists(clinicId: string): Promise<boolean> {
    return this.db
      .selectFrom('organization')
      .select('id')
      .where('id', '=', clinicId)
      .executeTakeFirst()
      .then((row) => row !== undefined);
  }

  async isEventProcessed(eventId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('billing_events')
      .select('id')
      .where('id', '=', eventId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markEventProcessed(eventId: string, type: string): Promise<void> {
    await this.db
      .insertInto('billing_events')
      .values({ id: eventId, type })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }
}

/** The clinic's billing row inside the account transaction; only valid while it runs. */
export class LockedBilling {
  constructor(
    private readonly trx: Transaction<Database>,
    private readonly clinicId: string,
    /** The account that opened the clinic's profile, recorded as the subscription's opener. */
    private readonly openerId: string | undefined,
    readonly row: BillingSubscriptionRow | undefined,
  ) {}

  async save(values: BillingSubscriptionValues): Promise<void> {
    const userId = this.row?.user_id ?? this.openerId;
    if (userId === undefined) throw new Error(`clinic ${this.clinicId} has no profile to bill`);
    const row = { ...values, updated_at: new Date() };
    await this.trx
      .insertInto('billing_subscriptions')
      .values({ ...row, user_id: userId, clinic_id: this.clinicId })
      .onConflict((conflict) => conflict.column('clinic_id').doUpdateSet(row))
      .execute();
  }
}
