import type { SignInProviders } from '@glowreel/contracts';
import type { FastifyInstance } from 'fastify';
import { publicSignInProviders } from '../auth/sign-in-providers.ts';
import type { SignInProvidersConfig } from '../config.ts';

/** Public: which "Continue with …" buttons /login, /register and /account show. */
export function registerSignInProvidersRoutes(
  app: FastifyInstance,
  config: SignInProvidersConfig,
): void {
  const answer: SignInProviders = { providers: publicSignInProviders(config) };
  app.get('/api/sign-in-providers', () => answer);
}
