import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { tokenOf } from '../auth/session-cache.ts';
import { AppError } from '../errors.ts';

/** The request's headers for Better Auth's server-side API (it reads the session cookie). */
export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** The raw value of Better Auth's session cookie (`better-auth.session_token`, or its __Secure- form). */
function sessionCookieValue(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const split = pair.indexOf('=');
    if (split > 0 && pair.slice(0, split).trim().endsWith('.session_token'))
      return pair.slice(split + 1).trim();
  }
  return undefined;
}

/** The session token of the request's cookie (without its signature), if it has one. */
export function findSessionToken(request: FastifyRequest): string | undefined {
  const cookie = sessionCookieValue(request);
  return cookie === undefined ? undefined : tokenOf(cookie);
}

export async function findSessionUserId(
  auth: Auth,
  request: FastifyRequest,
): Promise<string | undefined> {
  const cookie = sessionCookieValue(request);
  const cached = cookie === undefined ? undefined : auth.sessionCache.find(cookie);
  if (cached && !cached.shouldRefresh) return cached.userId;
  const session = await auth.api.getSession({ headers: toHeaders(request) });
  if (cookie !== undefined) {
    if (session) auth.sessionCache.remember(cookie, session.session);
    else auth.sessionCache.forget(cookie);
  }
  return session?.user.id;
}

/** The signed-in user's id, or a 401 in the API's error shape. */
export async function requireUserId(auth: Auth, request: FastifyRequest): Promise<string> {
  const userId = await findSessionUserId(auth, request);
  if (!userId) throw new AppError('unauthorized', 'Please sign in to continue.');
  return userId;
}
