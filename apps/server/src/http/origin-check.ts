import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trustedOriginsFor } from '../auth/auth.ts';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Paths with their own protection: Better Auth checks Origin itself (trustedOrigins), API v1
 * authenticates by bearer key only (a browser cannot attach one cross-site), and the Stripe
 * webhook is signed over its raw body.
 */
const EXEMPT_PREFIXES = ['/api/auth/', '/api/v1/', '/api/stripe/webhook'];

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** The origin the browser says the request came from: Origin, else Referer's origin. */
function claimedOrigin(request: FastifyRequest): string | undefined | null {
  const { origin, referer } = request.headers;
  if (typeof origin === 'string') return origin === 'null' ? null : originOf(origin);
  if (typeof referer === 'string') return originOf(referer);
  return undefined;
}

/**
 * Refuses cookie-authenticated state changes that another site started (CSRF). SameSite=Lax
 * is not enough: a page on the same host and another port is the same *site*, so the browser
 * sends our cookie with its `fetch(…, { mode: 'no-cors' })`.
 *
 * Without Origin and Referer we let the request through, deliberately: every browser sends
 * Origin on a cross-origin POST/PUT/PATCH/DELETE (and `null` when it hides the origin, which
 * is refused), so a request carrying neither comes from a tool such as curl holding a copied
 * cookie, which no other site can make a victim's browser send.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const ownOrigins = new Set(trustedOriginsFor(publicUrl));
  app.addHook('onRequest', (request, _reply, done) => {
    // The matched route, so an encoded or dotted path cannot dodge the check; raw URL on a 404.
    const path = request.routeOptions.url ?? request.url;
    const isStateChange = !SAFE_METHODS.has(request.method);
    const isChecked =
      path.startsWith('/api/') && !EXEMPT_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (!isStateChange || !isChecked || request.headers.cookie === undefined) {
      done();
      return;
    }
    const origin = claimedOrigin(request);
    if (origin === undefined || (origin !== null && ownOrigins.has(origin))) {
      done();
      return;
    }
    done(
      new AppError(
        'cross_origin_refused',
        'This request came from another site and was refused. Use Glowreel from its own address.',
        { origin: origin ?? 'null' },
      ),
    );
  });
}
