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

/** The signed-in user's id, or a 401 in the API's error shape. */
export async function requireUserId(auth: Auth, request: FastifyRequest): Promise<string> {
  const session = await auth.api.getSession({ headers: toHeaders(request) });
  if (!session) throw new AppError('unauthorized', 'Please sign in to continue.');
  return session.user.id;
}
