// Every port the end-to-end tier listens on, derived from E2E_PORT in one place, so that no two
// of its servers collide and parallel runs on different E2E_PORTs keep apart.
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);

export const E2E_PORTS = {
  /** The shared app server (playwright.config.ts). */
  app: BASE_PORT,
  /** cross-origin.spec.ts: the attacker's page, same host, another port. */
  crossOriginAttacker: BASE_PORT + 1,
  /** The second app server, with REQUIRE_EMAIL_VERIFICATION on (helpers/gated-server.ts). */
  gatedApp: BASE_PORT + 2,
  /** oidc-sign-in.spec.ts: its own app servers and the OpenID Connect provider. */
  oidcApp: BASE_PORT + 400,
  oidcProvider: BASE_PORT + 401,
  oidcEmbeddedApp: BASE_PORT + 402,
  /** generate-veo.spec.ts: an app server with the generative engine, and its Veo fake. */
  veoApp: BASE_PORT + 403,
} as const;
