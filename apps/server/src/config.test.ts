import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/glowreel');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/srv/glowreel/data');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/glowreel/data/db' });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.trustProxy).toBe(false);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db.internal:5432/glowreel' }, '/srv');
    expect(config.database).toEqual({
      kind: 'postgres',
      connectionString: 'postgres://db.internal:5432/glowreel',
      poolSize: 10,
    });
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE', () => {
    const config = loadConfig(
      { DATABASE_URL: 'postgres://db.internal:5432/glowreel', DATABASE_POOL_SIZE: '24' },
      '/srv',
    );
    expect(config.database).toMatchObject({ kind: 'postgres', poolSize: 24 });
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_POOL_SIZE: '0' }, '/srv'),
    ).toThrow(ConfigError);
  });

  it('turns scale mode on with REDIS_URL: workers in every server unless RUN_WORKERS=false', () => {
    expect(loadConfig({}, '/srv').queue).toEqual({
      redisUrl: null,
      prefix: 'glowreel',
      runWorkers: true,
    });
    const api = loadConfig(
      { REDIS_URL: 'redis://cache:6379', RUN_WORKERS: 'false', QUEUE_PREFIX: 'clinic-eu' },
      '/srv',
    );
    expect(api.queue).toEqual({
      redisUrl: 'redis://cache:6379',
      prefix: 'clinic-eu',
      runWorkers: false,
    });
    expect(() => loadConfig({ QUEUE_PREFIX: 'has:colon' }, '/srv')).toThrow(/QUEUE_PREFIX/);
  });

  it('refuses to start and names every bad variable', () => {
    let thrown: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', AUTH_SECRET: 'short' }, '/srv');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^PORT: .*\(got "eighty"\)/m);
    expect(problems).toMatch(/^DATABASE_URL: must be a postgres/m);
    expect(problems).toMatch(/^AUTH_SECRET: must be at least 32 characters$/m);
    expect(problems).not.toContain('short');
  });

  it('has no generative engine without VEO_API_KEY, and Veo 3.1 on the Gemini API with one', () => {
    expect(loadConfig({}, '/srv').veo).toBeNull();
    expect(loadConfig({ VEO_API_KEY: 'AIza-test' }, '/srv').veo).toEqual({
      apiKey: 'AIza-test',
      model: 'veo-3.1-generate-preview',
      apiUrl: 'https://generativelanguage.googleapis.com',
      timeoutMs: 360_000,
      creditsPerVideo: 3,
      plans: ['free', 'starter', 'pro', 'enterprise'],
      pollMs: 10_000,
    });
    expect(
      loadConfig({ VEO_API_KEY: 'k', VEO_PLANS: 'pro, enterprise' }, '/srv').veo?.plans,
    ).toEqual(['pro', 'enterprise']);
    expect(() => loadConfig({ VEO_API_KEY: 'k', VEO_PLANS: 'pro,gold' }, '/srv')).toThrow(
      /VEO_PLANS/,
    );
    const local = loadConfig(
      { VEO_API_KEY: 'k', VEO_API_URL: 'http://127.0.0.1:9/', VEO_CREDITS_PER_VIDEO: '5' },
      '/srv',
    ).veo;
    expect(local).toMatchObject({ apiUrl: 'http://127.0.0.1:9', creditsPerVideo: 5 });
  });

  it('never quotes a provider key when refusing it', () => {
    let thrown: unknown;
    try {
      loadConfig(
        { VEO_API_KEY: '   ', VEO_MODEL: 'veo/../../secret', VEO_TIMEOUT_SECONDS: '0' },
        '/srv',
      );
    } catch (error) {
      thrown = error;
    }
    const problems = (thrown as ConfigError).problems.join('\n');
    expect(problems).toMatch(/^VEO_API_KEY: /m);
    expect(problems).toMatch(/^VEO_MODEL: must be a model id/m);
    expect(problems).toMatch(/^VEO_TIMEOUT_SECONDS: .*\(got "0"\)/m);
    expect(problems).not.toMatch(/VEO_API_KEY: .*got/);
  });

  it('opens clinic teams unless CLINIC_TEAMS=false', () => {
    expect(loadConfig({}, '/').accounts.clinicTeams).toBe(true);
    expect(loadConfig({ CLINIC_TEAMS: 'false' }, '/').accounts.clinicTeams).toBe(false);
    expect(() => loadConfig({ CLINIC_TEAMS: 'yes please' }, '/')).toThrow(/CLINIC_TEAMS/);
  });

  it('asks for a confirmed e-mail unless REQUIRE_EMAIL_VERIFICATION=false', () => {
    expect(loadConfig({}, '/').accounts).toEqual({
      requireEmailVerification: true,
      mailPerAddressPerHour: 5,
      clinicTeams: true,
    });
    expect(loadConfig({ REQUIRE_EMAIL_VERIFICATION: 'false' }, '/').accounts).toMatchObject({
      requireEmailVerification: false,
    });
    expect(() => loadConfig({ REQUIRE_EMAIL_VERIFICATION: 'no' }, '/')).toThrow(
      /REQUIRE_EMAIL_VERIFICATION/,
    );
  });

  it('reads a list of trusted proxies', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }, '/').trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'true' }, '/').trustProxy).toBe(true);
  });

  it('drops a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://app.glowreel.example/' }, '/').publicUrl).toBe(
      'https://app.glowreel.example',
    );
  });

  it("serves a worker's metrics on METRICS_PORT only with METRICS_TOKEN", () => {
    const token = 'a-metrics-token-of-32-characters';
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464' }, '/').metrics).toEqual({
      token,
      workerPort: 9464,
    });
    expect(loadConfig({}, '/').metrics).toEqual({ token: null, workerPort: null });
    expect(() => loadConfig({ METRICS_PORT: '9464' }, '/')).toThrow(
      /METRICS_TOKEN: is required when METRICS_PORT is set/,
    );
    expect(() => loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '70000' }, '/')).toThrow(
      /METRICS_PORT: must be a port number from 1 to 65535/,
    );
  });

  it('gives render jobs a 30 s lease renewed every 10 s unless told otherwise', () => {
    expect(loadConfig({}, '/').jobs).toEqual({ leaseMs: 30_000, heartbeatMs: 10_000 });
    expect(loadConfig({ JOB_LEASE_MS: '4000', JOB_HEARTBEAT_MS: '1000' }, '/').jobs).toEqual({
      leaseMs: 4000,
      heartbeatMs: 1000,
    });
    // A heartbeat slower than half the lease would let live jobs be taken over.
    expect(() => loadConfig({ JOB_LEASE_MS: '4000', JOB_HEARTBEAT_MS: '3000' }, '/')).toThrow(
      /JOB_HEARTBEAT_MS: must be at most half of JOB_LEASE_MS/,
    );
  });

  it('lets an idle render worker go after a minute unless told otherwise', () => {
    expect(loadConfig({}, '/').render.workerIdleMs).toBe(60_000);
    expect(loadConfig({ RENDER_WORKER_IDLE_SECONDS: '5' }, '/').render.workerIdleMs).toBe(5000);
    expect(() => loadConfig({ RENDER_WORKER_IDLE_SECONDS: '0' }, '/')).toThrow(
      /RENDER_WORKER_IDLE_SECONDS/,
    );
  });

  it('keeps videos while the account lives unless VIDEO_RETENTION_DAYS is a number of days', () => {
    expect(loadConfig({}, '/').videoRetentionDays).toBeNull();
    expect(loadConfig({ VIDEO_RETENTION_DAYS: '365' }, '/').videoRetentionDays).toBe(365);
    expect(() => loadConfig({ VIDEO_RETENTION_DAYS: '0' }, '/')).toThrow(
      /VIDEO_RETENTION_DAYS: must be at least 1 .*\(got "0"\)/,
    );
    expect(() => loadConfig({ VIDEO_RETENTION_DAYS: '30.5' }, '/')).toThrow(
      /VIDEO_RETENTION_DAYS: must be a whole number of days/,
    );
    expect(() => loadConfig({ VIDEO_RETENTION_DAYS: 'a year' }, '/')).toThrow(
      /VIDEO_RETENTION_DAYS: must be a whole number of days/,
    );
  });

  it("takes the crash tests' freeze point only outside production", () => {
    expect(loadConfig({ TEST_FREEZE_AT: 'after-record' }, '/').freezeAt).toBe('after-record');
    expect(loadConfig({}, '/').freezeAt).toBeNull();
    expect(() => loadConfig({ TEST_FREEZE_AT: 'somewhere' }, '/')).toThrow(ConfigError);
    expect(() =>
      loadConfig({ TEST_FREEZE_AT: 'after-record', NODE_ENV: 'production' }, '/'),
    ).toThrow(/TEST_FREEZE_AT: is a test setting/);
  });
  describe('sign-in providers', () => {
    const oidc = {
      OIDC_ISSUER: 'https://id.clinic-group.example/',
      OIDC_CLIENT_ID: 'glowreel',
      OIDC_CLIENT_SECRET: 'oidc-secret',
      OIDC_NAME: 'Clinic Group',
    };

    function problemsOf(environment: Record<string, string>): string[] {
      try {
        loadConfig(environment, '/srv');
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    }

    it('has none when nothing is set', () => {
      expect(loadConfig({}, '/srv').signInProviders).toEqual({ google: null, oidc: null });
    });

    it('reads Google and one OpenID Connect issuer', () => {
      const config = loadConfig(
        { GOOGLE_CLIENT_ID: 'g-id', GOOGLE_CLIENT_SECRET: 'g-secret', ...oidc },
        '/srv',
      );
      expect(config.signInProviders).toEqual({
        google: { clientId: 'g-id', clientSecret: 'g-secret' },
        oidc: {
          issuer: 'https://id.clinic-group.example',
          clientId: 'glowreel',
          clientSecret: 'oidc-secret',
          name: 'Clinic Group',
        },
      });
    });

    it('refuses half a Google pair and names the missing variable', () => {
      expect(problemsOf({ GOOGLE_CLIENT_ID: 'g-id' })).toEqual([
        'GOOGLE_CLIENT_SECRET: is required when GOOGLE_CLIENT_ID is set (Google sign-in)',
      ]);
      expect(problemsOf({ GOOGLE_CLIENT_SECRET: 'g-secret' })).toEqual([
        'GOOGLE_CLIENT_ID: is required when GOOGLE_CLIENT_SECRET is set (Google sign-in)',
      ]);
    });

    it('refuses part of the OpenID Connect group and names each missing variable', () => {
      const { OIDC_NAME: _name, OIDC_CLIENT_SECRET: _secret, ...partial } = oidc;
      expect(problemsOf(partial)).toEqual([
        'OIDC_CLIENT_SECRET: is required when OIDC_ISSUER, OIDC_CLIENT_ID is set (OpenID Connect sign-in)',
        'OIDC_NAME: is required when OIDC_ISSUER, OIDC_CLIENT_ID is set (OpenID Connect sign-in)',
      ]);
    });

    it('refuses an issuer that is not a web address', () => {
      expect(problemsOf({ ...oidc, OIDC_ISSUER: 'id.clinic-group.example' })).toEqual([
        'OIDC_ISSUER: must be an http:// or https:// URL (got "id.clinic-group.example")',
      ]);
    });
  });
});
