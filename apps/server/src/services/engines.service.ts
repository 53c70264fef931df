import {
  ENGINE_LABELS,
  PAID_PLAN_IDS,
  VEO_NOTICE,
  findPlan,
  type PlanId,
  type EngineId,
  type EngineOptInResponse,
  type EngineSummary,
} from '@glowreel/contracts';
import type { EngineOptInsRepository } from '../db/engine-opt-ins.repository.ts';
import { AppError } from '../errors.ts';

export interface EnginesServiceDependencies {
  optIns: EngineOptInsRepository;
  /** The generative engine's price and plans; null when VEO_API_KEY is not set. */
  veo: { creditsPerVideo: number; plans: readonly PlanId[] } | null;
  /** The current plan of the clinic `member` acts for (issue #21: the plan is the clinic's). */
  planOf: (member: { userId: string; clinicId: string }) => Promise<PlanId>;
  now?: () => Date;
}

const ALL_PLANS: PlanId[] = ['free', ...PAID_PLAN_IDS];

export const ENGINE_NOT_CONFIGURED_MESSAGE =
  'Generative video (engine "veo") is not available on this server. Use engine "builtin".';
export const ENGINE_NOT_ACCEPTED_MESSAGE =
  'Generative video (engine "veo") is offered only after an owner of the clinic has accepted its notice (POST /api/engines/veo/opt-in, or the notice on the generate page).';

/**
 * Which engines a clinic may use and at what price (issue #20). The generative engine exists
 * only with its provider key, and is offered to a clinic only once its owner accepted the
 * current notice; until then asking for it is refused before any photo is read or credit moves.
 */
/** A member acting for a clinic: the clinic's opt-ins apply, the member is who accepts. */
export interface EngineMember {
  userId: string;
  clinicId: string;
}

export class EnginesService {
  constructor(private readonly deps: EnginesServiceDependencies) {}

  async list(member: EngineMember): Promise<EngineSummary[]> {
    const veo = this.deps.veo;
    const plan = await this.deps.planOf(member);
    return [
      {
        id: 'builtin',
        label: ENGINE_LABELS.builtin,
        available: true,
        accepted: true,
        creditsPerVideo: 1,
        onYourPlan: true,
        plans: ALL_PLANS,
        notice: null,
      },
      {
        id: 'veo',
        label: ENGINE_LABELS.veo,
        available: veo !== null,
        accepted: veo !== null && (await this.hasAcceptedVeo(member.clinicId)),
        creditsPerVideo: veo?.creditsPerVideo ?? 1,
        onYourPlan: veo?.plans.includes(plan) ?? false,
        plans: [...(veo?.plans ?? [])],
        notice: {
          version: VEO_NOTICE.version,
          title: VEO_NOTICE.title,
          paragraphs: [...VEO_NOTICE.paragraphs],
        },
      },
    ];
  }

  /** An owner of the clinic accepts the notice for the clinic (the routes check the role). */
  async acceptVeo(member: EngineMember): Promise<EngineOptInResponse> {
    if (this.deps.veo === null) {
      throw new AppError('engine_unavailable', ENGINE_NOT_CONFIGURED_MESSAGE, { engine: 'veo' });
    }
    const saved = await this.deps.optIns.save({
      clinic_id: member.clinicId,
      engine: 'veo',
      notice_version: VEO_NOTICE.version,
      accepted_by: member.userId,
      accepted_at: (this.deps.now ?? (() => new Date()))(),
    });
    return {
      engine: 'veo',
      accepted: true,
      noticeVersion: saved.notice_version,
      acceptedAt: new Date(saved.accepted_at).toISOString(),
    };
  }

  /**
   * The credits a video with `engine` costs the member's clinic; refuses an engine the clinic
   * may not use. Any member's render goes by the clinic's acceptance.
   */
  async priceFor(member: EngineMember, engine: EngineId): Promise<number> {
    if (engine === 'builtin') return 1;
    const veo = this.deps.veo;
    if (veo === null) {
      throw new AppError('engine_unavailable', ENGINE_NOT_CONFIGURED_MESSAGE, { engine });
    }
    const plan = await this.deps.planOf(member);
    if (!veo.plans.includes(plan)) {
      throw new AppError('engine_unavailable', notOnPlanMessage(veo.plans, plan), { engine, plan });
    }
    if (!(await this.hasAcceptedVeo(member.clinicId))) {
      throw new AppError('engine_unavailable', ENGINE_NOT_ACCEPTED_MESSAGE, { engine });
    }
    return veo.creditsPerVideo;
  }

  private async hasAcceptedVeo(clinicId: string): Promise<boolean> {
    const optIn = await this.deps.optIns.find(clinicId, 'veo');
    // A notice that changed since must be read and accepted again.
    return optIn?.notice_version === VEO_NOTICE.version;
  }
}

function planName(plan: PlanId): string {
  return plan === 'free' ? 'Free' : (findPlan(plan)?.name ?? plan);
}

/** "… on the Professional and Enterprise plans; yours is Starter." */
export function notOnPlanMessage(plans: readonly PlanId[], plan: PlanId): string {
  const names = plans.map(planName);
  const listed =
    names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}` : names[0];
  return `Generative video (engine "veo") is offered on the ${listed} plan${names.length > 1 ? 's' : ''}; yours is ${planName(plan)}.`;
}
