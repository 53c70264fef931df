import type { BrandKit } from '@glowreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addClinicMember, personalClinicOf, setActiveClinic } from '../testing/clinic-members.ts';
import { openFullTestApp, type FullTestApp } from '../testing/full-test-app.ts';
import { multipart } from '../testing/multipart.ts';
import { signUpForCookie } from '../testing/session-cookie.ts';
import { compositePhoto } from '../testing/test-photos.ts';
import { DATABASE_KINDS } from '../testing/test-runtime.ts';

const ORIGIN = 'http://localhost:3999';

const CLINIC_KIT: BrandKit = {
  clinicName: 'Lumen Aesthetics',
  contact: '@lumen.aesthetics',
  accentColor: '#c0267a',
  typeface: 'playfair_display',
  hasLogo: false,
};

interface Person {
  cookie: string;
  userId: string;
}

// Issue #21: the brand kit, the engines' acceptance, the webhook secret and the API belong to
// the clinic. A member acting for it reads and changes the clinic's, never their own personal
// clinic's; another clinic's key sees none of it.
describe.each(DATABASE_KINDS)("the clinic's brand, engines, webhooks and API on %s", (kind) => {
  let full: FullTestApp;
  let clinicId = '';
  let owner: Person;
  let admin: Person;
  let staff: Person;
  const db = () => full.test.runtime.database.db;

  const inject = (person: Person, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    full.app.inject({
      method,
      url,
      headers: { cookie: person.cookie, origin: ORIGIN },
      ...(payload ? { payload } : {}),
    });
  const createKey = async (person: Person) => {
    const created = await inject(person, 'POST', '/api/keys', { name: 'Zapier' });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ key: string }>().key;
  };
  const api = (key: string, url: string) =>
    full.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
  const brandOf = (clinic: string) =>
    db().selectFrom('brand_kits').selectAll().where('clinic_id', '=', clinic).executeTakeFirst();

  beforeAll(async () => {
    // A generative engine configured (never called here) so its acceptance can be read.
    full = await openFullTestApp(kind, {
      VEO_API_KEY: 'test-key',
      VEO_API_URL: 'http://127.0.0.1:9',
    });
    owner = await signUpForCookie(full.app, ORIGIN);
    clinicId = await personalClinicOf(db(), owner.userId);
    admin = await signUpForCookie(full.app, ORIGIN);
    staff = await signUpForCookie(full.app, ORIGIN);
    // The admin saved a kit of their own before joining: it must stay theirs.
    expect(
      (await inject(admin, 'PUT', '/api/brand', { ...CLINIC_KIT, clinicName: 'Admin own' }))
        .statusCode,
    ).toBe(200);
    await addClinicMember(db(), clinicId, admin.userId, 'admin');
    await setActiveClinic(db(), admin.userId, clinicId);
    await addClinicMember(db(), clinicId, staff.userId, 'staff');
    await setActiveClinic(db(), staff.userId, clinicId);
  }, 60_000);
  afterAll(async () => {
    await full.dispose();
  });

  it("shows a staff member the owner's brand kit, to pre-fill /generate", async () => {
    expect((await inject(owner, 'PUT', '/api/brand', CLINIC_KIT)).statusCode).toBe(200);
    const seen = await inject(staff, 'GET', '/api/brand');
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual(CLINIC_KIT);
    const refused = await inject(staff, 'PUT', '/api/brand', { ...CLINIC_KIT, contact: 'x' });
    expect(refused.statusCode).toBe(403);
    expect((await brandOf(clinicId))?.contact).toBe(CLINIC_KIT.contact);
  });

  it("changes the clinic's kit, not the admin's own, when an admin saves it", async () => {
    const changed = { ...CLINIC_KIT, accentColor: '#0f766e', clinicName: 'Lumen Clinic' };
    const saved = await inject(admin, 'PUT', '/api/brand', changed);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await inject(owner, 'GET', '/api/brand')).json()).toEqual(changed);
    expect((await inject(staff, 'GET', '/api/brand')).json()).toEqual(changed);
    const clinicRow = await brandOf(clinicId);
    expect(clinicRow).toMatchObject({ clinic_name: 'Lumen Clinic', user_id: admin.userId });
    const adminOwn = await brandOf(await personalClinicOf(db(), admin.userId));
    expect(adminOwn).toMatchObject({ clinic_name: 'Admin own', accent_color: '#c0267a' });
  });

  it("shows an admin the clinic's webhook secret, the one the owner sees", async () => {
    const ownerSecret = (await inject(owner, 'GET', '/api/webhook-secret')).json<{
      secret: string;
    }>().secret;
    const adminSecret = await inject(admin, 'GET', '/api/webhook-secret');
    expect(adminSecret.statusCode).toBe(200);
    expect(adminSecret.json()).toEqual({ secret: ownerSecret });
    const stored = await db()
      .selectFrom('api_webhook_secrets')
      .select(['clinic_id', 'secret'])
      .execute();
    expect(stored).toEqual([{ clinic_id: clinicId, secret: ownerSecret }]);
    expect((await inject(staff, 'GET', '/api/webhook-secret')).statusCode).toBe(403);

    // A rotation by the admin is the clinic's new secret.
    const rotated = await inject(admin, 'POST', '/api/webhook-secret/rotate', {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = rotated.json<{ secret: string }>().secret;
    expect(newSecret).not.toBe(ownerSecret);
    expect((await inject(owner, 'GET', '/api/webhook-secret')).json()).toEqual({
      secret: newSecret,
    });
  });

  it("lets the clinic's key read a video a staff member made in the web app; another clinic's key gets 404", async () => {
    const key = await createKey(admin);
    const body = multipart({ consent: 'true' }, await compositePhoto());
    const made = await full.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { ...body.headers, cookie: staff.cookie, origin: ORIGIN },
      payload: body.payload,
    });
    expect(made.statusCode, made.body).toBe(202);
    const videoId = made.json<{ id: string }>().id;
    await full.pipeline.queue.drain();

    const listed = await api(key, '/api/v1/videos');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: { id: string }[] }>().data.map((video) => video.id)).toContain(
      videoId,
    );
    expect((await api(key, `/api/v1/videos/${videoId}`)).statusCode).toBe(200);

    const stranger = await signUpForCookie(full.app, ORIGIN);
    const otherKey = await createKey(stranger);
    const refused = await api(otherKey, `/api/v1/videos/${videoId}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: { code: 'not_found' } });
    const otherList = await api(otherKey, '/api/v1/videos');
    expect(otherList.json<{ data: { id: string }[] }>().data).toEqual([]);
  });

  it("applies the owner's acceptance of the generative engine to a staff member", async () => {
    const before = await inject(staff, 'GET', '/api/engines');
    expect(
      before.json<{ engines: { id: string; accepted: boolean }[] }>().engines[1],
    ).toMatchObject({ id: 'veo', accepted: false });
    expect(
      (await inject(staff, 'POST', '/api/engines/veo/opt-in', { accept: true })).statusCode,
    ).toBe(403);
    const accepted = await inject(owner, 'POST', '/api/engines/veo/opt-in', { accept: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await inject(staff, 'GET', '/api/engines');
    expect(after.json<{ engines: { id: string; accepted: boolean }[] }>().engines[1]).toMatchObject(
      {
        id: 'veo',
        accepted: true,
      },
    );
    const stored = await db()
      .selectFrom('engine_opt_ins')
      .select(['clinic_id', 'accepted_by'])
      .execute();
    expect(stored).toEqual([{ clinic_id: clinicId, accepted_by: owner.userId }]);
  });

  it("answers one Idempotency-Key once for all of the clinic's keys, and apart for another clinic", async () => {
    const payload = {
      composite_image: (await compositePhoto()).toString('base64'),
      consent_attested: true,
    };
    const generate = (key: string) =>
      full.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { authorization: `Bearer ${key}`, 'idempotency-key': 'order-1' },
        payload,
      });
    const first = await generate(await createKey(owner));
    expect(first.statusCode, first.body).toBe(202);
    const again = await generate(await createKey(admin));
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    const other = await generate(await createKey(await signUpForCookie(full.app, ORIGIN)));
    expect(other.statusCode, other.body).toBe(202);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);
    await full.pipeline.queue.drain();
  });
});
