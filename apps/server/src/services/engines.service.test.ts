import { VEO_NOTICE, type PlanId } from '@glowreel/contracts';
import { describe, expect, it } from 'vitest';
import type { EngineOptInRow, EngineOptInsRepository } from '../db/engine-opt-ins.repository.ts';
import { ENGINE_NOT_ACCEPTED_MESSAGE, EnginesService } from './engines.service.ts';

/** Opt-ins kept in memory: the rules, not the table, are tested here. */
function memoryOptIns(): Pick<EngineOptInsRepository, 'find' | 'save'> {
  const rows = new Map<string, EngineOptInRow>();
  return {
    find: (clinicId, engine) => Promise.resolve(rows.get(`${clinicId}/${engine}`)),
    save: (entry) => {
      const row = { ...entry, user_id: entry.accepted_by };
      rows.set(`${entry.clinic_id}/${entry.engine}`, row);
      return Promise.resolve(row);
    },
  };
}

function service(plan: PlanId, veo: { creditsPerVideo: number; plans: PlanId[] } | null) {
  return new EnginesService({
    optIns: memoryOptIns() as EngineOptInsRepository,
    veo,
    planOf: () => Promise.resolve(plan),
    now: () => new Date('2026-11-26T12:00:00Z'),
  });
}

const OWNER = { userId: 'u1', clinicId: 'clinic-1' };

describe('the engines a clinic may use', () => {
  it('charges one credit for the built-in engine whatever is configured', async () => {
    expect(await service('free', null).priceFor(OWNER, 'builtin')).toBe(1);
  });

  it('offers Veo at its price only once the notice is accepted', async () => {
    const engines = service('starter', { creditsPerVideo: 4, plans: ['starter', 'pro'] });
    await expect(engines.priceFor(OWNER, 'veo')).rejects.toMatchObject({
      code: 'engine_unavailable',
      message: ENGINE_NOT_ACCEPTED_MESSAGE,
    });
    expect(await engines.acceptVeo(OWNER)).toEqual({
      engine: 'veo',
      accepted: true,
      noticeVersion: VEO_NOTICE.version,
      acceptedAt: '2026-11-26T12:00:00.000Z',
    });
    expect(await engines.priceFor(OWNER, 'veo')).toBe(4);
    expect((await engines.list(OWNER))[1]).toMatchObject({
      id: 'veo',
      available: true,
      accepted: true,
      creditsPerVideo: 4,
      onYourPlan: true,
    });
  });

  it('refuses Veo on a plan VEO_PLANS leaves out, naming the plans that have it', async () => {
    const engines = service('starter', { creditsPerVideo: 3, plans: ['pro', 'enterprise'] });
    await engines.acceptVeo(OWNER);
    await expect(engines.priceFor(OWNER, 'veo')).rejects.toMatchObject({
      code: 'engine_unavailable',
      message:
        'Generative video (engine "veo") is offered on the Professional and Enterprise plans; yours is Starter.',
    });
    expect((await engines.list(OWNER))[1]).toMatchObject({
      onYourPlan: false,
      plans: ['pro', 'enterprise'],
    });
  });

  it('has no Veo to accept or use without a key', async () => {
    const engines = service('pro', null);
    await expect(engines.acceptVeo(OWNER)).rejects.toMatchObject({ code: 'engine_unavailable' });
    await expect(engines.priceFor(OWNER, 'veo')).rejects.toMatchObject({
      code: 'engine_unavailable',
    });
    expect((await engines.list(OWNER))[1]).toMatchObject({ available: false, accepted: false });
  });

  it("applies the owner's acceptance to every member's render in the clinic, not to another clinic", async () => {
    const engines = service('pro', { creditsPerVideo: 4, plans: ['pro'] });
    await engines.acceptVeo(OWNER);
    const staff = { userId: 'u2', clinicId: OWNER.clinicId };
    expect(await engines.priceFor(staff, 'veo')).toBe(4);
    expect((await engines.list(staff))[1]).toMatchObject({ accepted: true });
    // The same member acting for their own clinic: its owner accepted nothing.
    await expect(engines.priceFor({ ...staff, clinicId: 'clinic-2' }, 'veo')).rejects.toMatchObject(
      { code: 'engine_unavailable', message: ENGINE_NOT_ACCEPTED_MESSAGE },
    );
  });
});
