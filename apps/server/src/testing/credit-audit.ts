import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What the crash tests see in the database and the data folder once every server stopped. */
export interface CreditAudit {
  /** Every broken rule, in words; empty when the books are right. */
  problems: string[];
  videos: { id: string; status: string; userId: string }[];
  reservations: number;
  balances: Map<string, number>;
  /** Per user: what sign-up, plans and grants gave, i.e. the balance had no video been made. */
  granted: Map<string, number>;
}

function filesIn(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/**
 * The issue 15 invariants: each balance equals its ledger's sum; no reservation is left
 * 'reserved'; each video is completed with its credit committed or failed with its credit
 * refunded, each reservation reserved once and settled once; no temp file is left; every
 * stored MP4 belongs to a completed video. Run it only when no server is running.
 */
export async function auditCredits(
  db: Kysely<Database>,
  dataDirs: readonly string[],
): Promise<CreditAudit> {
  const problems: string[] = [];
  const profiles = await db.selectFrom('profiles').selectAll().execute();
  const ledger = await db.selectFrom('credit_ledger').selectAll().orderBy('id').execute();
  const reservations = await db.selectFrom('credit_reservations').selectAll().execute();
  const videos = await db.selectFrom('videos').selectAll().execute();
  const balances = new Map<string, number>();
  const granted = new Map<string, number>();
  for (const entry of ledger) {
    if (entry.reservation_id !== null) continue;
    granted.set(entry.user_id, (granted.get(entry.user_id) ?? 0) + entry.delta);
  }
  for (const profile of profiles) {
    const balance =
      (profile.credits_free ?? 0) + (profile.credits_bonus ?? 0) + profile.videos_remaining;
    balances.set(profile.user_id, balance);
    // The balance is the clinic's, its ledger every member's rows (issue #21).
    const sum = ledger
      .filter((entry) => entry.clinic_id === profile.clinic_id)
      .reduce((total, entry) => total + entry.delta, 0);
    if (sum !== balance)
      problems.push(`clinic ${profile.clinic_id}: balance ${balance}, ledger ${sum}`);
  }
  for (const reservation of reservations) {
    const reasons = ledger
      .filter((entry) => entry.reservation_id === reservation.id)
      .map((entry) => entry.reason)
      .sort();
    const video = videos.find((row) => row.reservation_id === reservation.id);
    const expected =
      video?.status === 'completed'
        ? { status: 'committed', reasons: ['commit', 'reserve'] }
        : { status: 'refunded', reasons: ['refund', 'reserve'] };
    if (reservation.status !== expected.status || reasons.join() !== expected.reasons.join()) {
      problems.push(
        `reservation ${reservation.id} (video ${video?.id ?? 'none'} ${video?.status ?? ''}): ` +
          `${reservation.status}, ledger ${reasons.join('+')}`,
      );
    }
  }
  for (const video of videos) {
    if (video.status === 'processing') problems.push(`video ${video.id} still processing`);
  }
  const completed = new Set(
    videos.filter((row) => row.status === 'completed').map((row) => row.id),
  );
  for (const dataDir of dataDirs) {
    for (const file of filesIn(path.join(dataDir, 'tmp'))) problems.push(`temp file left: ${file}`);
    for (const file of filesIn(path.join(dataDir, 'videos'))) {
      const id = path.basename(file).replace(/\.(mp4|jpg)$/, '');
      if (!completed.has(id)) problems.push(`stored file without a completed video: ${file}`);
    }
  }
  return {
    problems,
    videos: videos.map((row) => ({ id: row.id, status: row.status, userId: row.user_id })),
    reservations: reservations.length,
    balances,
    granted,
  };
}
