import type { FastifyInstance } from 'fastify';

let addressCount = 0;

/** Registers an account through the real auth route and returns its session cookie and id. */
export async function signUpForCookie(
  app: FastifyInstance,
  origin: string,
  email = `clinic-${crypto.randomUUID().slice(0, 8)}@spa.example`,
): Promise<{ cookie: string; userId: string; email: string }> {
  addressCount += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin },
    // Each account signs up from its own address so the auth rate limit stays out of the way.
    remoteAddress: `10.9.${Math.floor(addressCount / 250)}.${addressCount % 250}`,
    payload: { name: 'Test Clinic', email, password: 'radiant2024' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
  const session = response.cookies.find((entry) => entry.name.endsWith('session_token'));
  if (!session) throw new Error('no session cookie was set');
  const body = response.json<{ user: { id: string } }>();
  return { cookie: `${session.name}=${session.value}`, userId: body.user.id, email };
}
