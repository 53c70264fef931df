import { NEW_PROFILE_DEFAULTS, type Profile, type PlanId } from '@glowreel/contracts';
import { AppError } from '../errors.ts';
import type {
  LockedProfile,
  ProfilesRepository,
  ProfileWithUser,
} from '../db/profiles.repository.ts';
import { LEGACY_FREE_CREDITS, totalOf } from './credit-rules.ts';

/**
 * Profiles (SPEC §3). The balance and plan are the clinic's (issue #21): a member sees the
 * clinic they act for, with their own name, e-mail and photo. The personal clinic's profile is
 * created with the sign-up defaults at registration (and on first load for accounts that have
 * none); any other clinic's opens on the Free plan with zero credits, never a second sign-up
 * grant. Legacy profiles without credits are backfilled and saved.
 */
export class ProfilesService {
  constructor(
    private readonly profiles: ProfilesRepository,
    /** The clinic a profile's rows belong to; made here if the sign-up's hook could not. */
    private readonly clinics: { ensurePersonalClinic: (userId: string) => Promise<void> },
  ) {}

  /** Called when an account is created, for its personal clinic; creating twice is harmless. */
  async createDefaultProfile(userId: string): Promise<void> {
    const clinicId = await this.personalClinicId(userId);
    await this.profiles.withLockedProfile(clinicId, async (locked) => {
      if (!locked.row) await insertDefaultProfile(locked, userId);
    });
  }

  /**
   * The profile `userId` sees acting for `clinicId`; without a clinic, the account's personal
   * clinic (an operator, a caller with no acting clinic).
   */
  async getProfile(userId: string, clinicId?: string): Promise<Profile> {
    const clinic = clinicId ?? (await this.personalClinicId(userId));
    const existing = await this.profiles.findWithUser(userId, clinic);
    if (existing && existing.credits_free !== null && existing.credits_bonus !== null) {
      return toProfile(userId, existing);
    }
    if (!(await this.profiles.userExists(userId))) {
      throw new AppError('not_found', 'No account exists for this session.');
    }
    const isSignup =
      !existing &&
      clinic === (await this.profiles.findPersonalClinicId(userId)) &&
      !(await this.profiles.hasSignupGrant(userId));
    await this.profiles.withLockedProfile(clinic, async (locked) => {
      if (!locked.row) {
        await (isSignup
          ? insertDefaultProfile(locked, userId)
          : insertEmptyProfile(locked, userId));
      } else if (locked.row.credits_free === null || locked.row.credits_bonus === null) {
        await backfillLegacyCredits(locked, userId);
      }
    });
    const created = await this.profiles.findWithUser(userId, clinic);
    if (!created) throw new Error(`profile of clinic ${clinic} vanished after it was written`);
    return toProfile(userId, created);
  }

  private async personalClinicId(userId: string): Promise<string> {
    const found = await this.profiles.findPersonalClinicId(userId);
    if (found) return found;
    await this.clinics.ensurePersonalClinic(userId);
    const made = await this.profiles.findPersonalClinicId(userId);
    if (!made) throw new AppError('not_found', 'No account exists for this session.');
    return made;
  }
}

/** A clinic other than the sign-up's own: the Free plan, nothing to spend until it buys a plan. */
async function insertEmptyProfile(locked: LockedProfile, userId: string): Promise<void> {
  await locked.insert({
    user_id: userId,
    plan: 'free',
    status: 'active',
    videos_remaining: 0,
    videos_total: 0,
    customer_id: null,
    credits_free: 0,
    credits_bonus: 0,
  });
}

async function insertDefaultProfile(locked: LockedProfile, userId: string): Promise<void> {
  const defaults = NEW_PROFILE_DEFAULTS;
  await locked.insert({
    user_id: userId,
    plan: defaults.plan,
    status: defaults.status,
    videos_remaining: defaults.videosRemaining,
    videos_total: defaults.videosTotal,
    customer_id: null,
    credits_free: defaults.freeCredits,
    credits_bonus: defaults.bonusCredits,
  });
  const free = defaults.freeCredits;
  const plan = defaults.videosRemaining;
  await locked.appendLedger({
    userId,
    bucket: 'free',
    delta: free,
    reason: 'signup',
    balanceAfter: free,
  });
  await locked.appendLedger({
    userId,
    bucket: 'plan',
    delta: plan,
    reason: 'signup',
    balanceAfter: free + plan,
  });
}

/** SPEC §3: free 3, bonus 0, total = 3 + videosRemaining, saved back. */
async function backfillLegacyCredits(locked: LockedProfile, userId: string): Promise<void> {
  const row = locked.row;
  if (!row) return;
  const balance = { free: LEGACY_FREE_CREDITS, bonus: 0, plan: row.videos_remaining };
  await locked.update({ credits_free: balance.free, credits_bonus: balance.bonus });
  // The plan videos a legacy profile already had enter the ledger as its opening balance.
  await locked.appendLedger({
    userId,
    bucket: 'plan',
    delta: balance.plan,
    reason: 'legacy_backfill',
    note: 'opening balance of plan videos',
    balanceAfter: balance.plan,
  });
  await locked.appendLedger({
    userId,
    bucket: 'free',
    delta: balance.free,
    reason: 'legacy_backfill',
    balanceAfter: totalOf(balance),
  });
}

/** The photo address served to its owner; a new upload gets a new address, so no stale copy shows. */
export const PROFILE_PHOTO_PATH = '/api/me/photo';

/** SPEC §3 photoURL: the uploaded photo, else the picture a social sign-in brought. */
function photoUrlOf(row: ProfileWithUser): string | null {
  if (row.photo_key) return `${PROFILE_PHOTO_PATH}?v=${row.photo_key}`;
  return row.image;
}

function toProfile(userId: string, row: ProfileWithUser): Profile {
  const free = row.credits_free ?? 0;
  const bonus = row.credits_bonus ?? 0;
  return {
    uid: userId,
    email: row.email,
    displayName: row.name || null,
    photoURL: photoUrlOf(row),
    createdAt: row.created_at.toISOString(),
    subscription: {
      plan: row.plan as PlanId,
      status: row.status as Profile['subscription']['status'],
      videosRemaining: row.videos_remaining,
      videosTotal: row.videos_total,
      customerId: row.customer_id,
    },
    credits: { free, bonus, total: free + bonus + row.videos_remaining },
  };
}
