import type { ConsentRecord } from '@glowreel/contracts';

/**
 * Why a video can no longer be played or downloaded, as the server decides it
 * (consentWithdrawal on the server): its consent was revoked, or has ended.
 */
export function withdrawalOf(consent: ConsentRecord | null, now: Date): string | null {
  if (!consent) return null;
  const day = (iso: string) => iso.slice(0, 10);
  if (consent.revokedAt) return `Withdrawn: consent revoked on ${day(consent.revokedAt)}.`;
  if (consent.expiresAt && new Date(consent.expiresAt).getTime() <= now.getTime()) {
    const lastDay = new Date(new Date(consent.expiresAt).getTime() - 1).toISOString();
    return `Withdrawn: consent ended on ${day(lastDay)}.`;
  }
  return null;
}
