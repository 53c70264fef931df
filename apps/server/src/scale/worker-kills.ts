import { openDatabase } from '../db/database.ts';
import type { ScaleCluster } from '../testing/scale-cluster.ts';
import { signUpClinic } from '../testing/server-under-test.ts';

interface RenderState {
  id: string;
  owner_id: string | null;
  stage: number;
  progress: number;
}

export interface KillMoment {
  name: string;
  /** Whether a render the record shows in this state is at the moment. */
  matches: (state: RenderState) => boolean;
}

const painting = (from: number, to: number): KillMoment => ({
  name: `painting ${from}-${to}%`,
  matches: (state) => state.stage === 3 && state.progress >= from && state.progress <= to,
});

/**
 * Ten moments spread over a render's stages (render-video.ts: preparing 1%, faces 5%, frames
 * 10–95%, finalizing 96–100%): each kill lands on a worker whose video the record shows there.
 */
export const KILL_MOMENTS: readonly KillMoment[] = [
  { name: 'preparing the photo', matches: (state) => state.stage <= 2 },
  painting(10, 19),
  painting(20, 29),
  painting(30, 39),
  painting(40, 49),
  painting(50, 59),
  painting(60, 69),
  painting(70, 79),
  painting(80, 95),
  { name: 'finalizing', matches: (state) => state.stage === 4 },
];

export interface WorkerKill {
  moment: string;
  videoId: string;
  /** The record owner id of the worker killed. */
  ownerId: string;
  stage: number;
  progress: number;
}

/** Every clinic starts with 3 free credits. */
const CREDITS_PER_CLINIC = 3;
/** Videos kept processing (running and waiting) so both workers always have a render. */
const WORK_IN_FLIGHT = 3;
const MOMENT_TIMEOUT_MS = 120_000;
const POLL_MS = 40;

/**
 * SIGKILLs a worker at each of `KILL_MOMENTS` in turn, starting another on its data folder
 * after each kill so two stay up, while uploads through both APIs keep work in flight.
 * Answers the kills and the clinics whose videos were made.
 */
export async function killWorkersAtMoments(
  cluster: ScaleCluster,
  upload: (origin: string, clinic: string) => Promise<string>,
): Promise<{ kills: WorkerKill[]; clinics: string[] }> {
  const handle = await openDatabase({
    kind: 'postgres',
    connectionString: cluster.databaseUrl,
    poolSize: 2,
  });
  const clinics: string[] = [];
  const kills: WorkerKill[] = [];
  let uploads = 0;
  const origin = () => cluster.apis[uploads % cluster.apis.length]?.origin ?? '';
  const topUp = async (processing: number) => {
    for (let count = processing; count < WORK_IN_FLIGHT; count += 1) {
      if (uploads % CREDITS_PER_CLINIC === 0) {
        clinics.push(await signUpClinic(origin(), `Clinic Kill ${clinics.length + 1}`));
      }
      await upload(origin(), clinics.at(-1) ?? '');
      uploads += 1;
    }
  };
  try {
    for (const moment of KILL_MOMENTS) {
      const deadline = Date.now() + MOMENT_TIMEOUT_MS;
      for (;;) {
        const states = await handle.db
          .selectFrom('videos')
          .select(['id', 'owner_id', 'stage', 'progress'])
          .where('status', '=', 'processing')
          .execute();
        // Of the renders at the moment, the one killed least so far: kills spread over videos.
        const killsOf = (id: string) => kills.filter((kill) => kill.videoId === id).length;
        const victim = states
          .filter((state) => moment.matches(state) && cluster.slotOwning(state.owner_id))
          .sort((a, b) => killsOf(a.id) - killsOf(b.id))[0];
        const slot = victim && cluster.slotOwning(victim.owner_id);
        if (victim && slot) {
          await cluster.killAndRestart(slot);
          kills.push({
            moment: moment.name,
            videoId: victim.id,
            ownerId: slot.ownerId,
            ...pick(victim),
          });
          break;
        }
        if (Date.now() > deadline) {
          throw new Error(`no render seen at "${moment.name}" within ${MOMENT_TIMEOUT_MS} ms`);
        }
        await topUp(states.length);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    }
  } finally {
    await handle.close();
  }
  return { kills, clinics };
}

function pick(state: RenderState): { stage: number; progress: number } {
  return { stage: state.stage, progress: state.progress };
}
