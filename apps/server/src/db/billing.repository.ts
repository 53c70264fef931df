import type { Kysely, Selectable, Transaction } from 'kysely';
import { personalClinicIdOf } from '../clinics/clinics.repository.ts';
import { LockedProfile } from './profiles.repository.ts';
import type { BillingSubscriptionsTable, Database } from './schema.ts';

export type BillingSubscriptionRow = Selectable<BillingSubscriptionsTable>;
export type BillingSubscriptionValues = Omit<
  BillingSubscriptionRow,
  'user_id' | 'clinic_id' | 'updated_at'
>;

/**
 * A user's billing state and the processed webhook events. Changes happen inside
 * `withLockedAccount`, which locks the profile row exactly as the credit ledger does, so a
 * plan change and a credit reservation can never interleave.
 */
export class BillingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  withLockedAccount<T>(
    userId: string,
    work: (profile: LockedProfile, billing: LockedBilling) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      const profileRow = await trx
        .selectFrom('profiles')
        .selectAll()
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      const billingRow = await trx
        .selectFrom('billing_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return work(new LockedProfile(trx, profileRow), new LockedBilling(trx, userId, billingRow));
    });
  }

  findSubscription(userId: string): Promise<BillingSubscriptionRow | undefined> {
    return this.db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  findUserIdByCustomerId(customerId: string): Promise<string | undefined> {
    return this.db
      .selectFrom('profiles')
      .select('user_id')
      .where('customer_id', '=', customerId)
      .executeTakeFirst()
      .then((row) => row?.user_id);
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

/** The billing row inside the account transaction; only valid while it runs. */
export class LockedBilling {
  constructor(
    private readonly trx: Transaction<Database>,
    private readonly userId: string,
    readonly row: BillingSubscriptionRow | undefined,
  ) {}

  async save(values: BillingSubscriptionValues): Promise<void> {
    const row = { ...values, user_id: this.userId, updated_at: new Date() };
    await this.trx
      .insertInto('billing_subscriptions')
      .values({ ...row, clinic_id: personalClinicIdOf(this.userId) })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
      .execute();
  }
}
