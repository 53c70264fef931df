import type { FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { AppError } from '../errors.ts';

function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

export async function findSessionUserId(
  auth: Auth,
  request: FastifyRequest,
): Promise<string | undefined> {
  const session = await auth.api.getSession({ headers: toHeaders(request) });
  return session?.user.id;
}

/** The signed-in user's id, or a 401 in the API's error shape. */
export async function requireUserId(auth: Auth, request: FastifyRequest): Promise<string> {
  const userId = await findSessionUserId(auth, request);
  if (!userId) throw new AppError('unauthorized', 'Please sign in to continue.');
  return userId;
}
