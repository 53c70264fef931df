import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

/** What the test provider says about one of its people (standard OpenID Connect claims). */
export interface ProviderPerson {
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds someone who can sign in at the provider with this username. */
  addPerson: (username: string, person: ProviderPerson) => void;
  close: () => Promise<void>;
}

const CLIENT_ID = 'glowreel-e2e';
const CLIENT_SECRET = 'glowreel-e2e-client-secret';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, with one confidential
 * client for the app: PKCE (S256) required, and its own small sign-in and consent pages, whose
 * "Deny" answers the app with access_denied.
 */
export async function startTestOidcProvider(options: {
  port: number;
  /** The app's callback addresses (one per app server the test starts). */
  redirectUris: string[];
}): Promise<TestOidcProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const people = new Map<string, ProviderPerson>();
  const configuration: Configuration = {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['glowreel-e2e-cookie-key'] },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...person }) };
    },
  };
  const provider = new Provider(issuer, configuration);
  const handleProvider = provider.callback();

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    if (url.pathname.startsWith('/interaction/')) {
      handleInteraction(provider, request, response, url).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    void handleProvider(request, response);
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    addPerson: (username, person) => people.set(username, person),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function handleInteraction(
  provider: Provider,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<void> {
  const [, , uid, action] = url.pathname.split('/');
  const details = await provider.interactionDetails(request, response);
  if (request.method === 'GET') {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(details.prompt.name === 'login' ? loginPage(uid) : consentPage(uid));
    return;
  }
  const form = new URLSearchParams(await readBody(request));
  if (action === 'login') {
    const result = { login: { accountId: form.get('username') ?? '' } };
    await provider.interactionFinished(request, response, result, {
      mergeWithLastSubmission: false,
    });
    return;
  }
  if (action === 'deny') {
    const result = { error: 'access_denied', error_description: 'The person denied consent' };
    await provider.interactionFinished(request, response, result, {
      mergeWithLastSubmission: false,
    });
    return;
  }
  const { accountId } = details.session ?? {};
  const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  const missingScope = details.prompt.details.missingOIDCScope;
  if (Array.isArray(missingScope)) grant.addOIDCScope(missingScope.join(' '));
  const missingClaims = details.prompt.details.missingOIDCClaims;
  if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims as string[]);
  const grantId = await grant.save();
  await provider.interactionFinished(
    request,
    response,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;
}

function loginPage(uid: string | undefined): string {
  return page(
    'Test IdP sign-in',
    `<form method="post" action="/interaction/${uid}/login">
      <label>Username <input name="username" required></label>
      <button type="submit">Sign in to Test IdP</button>
    </form>`,
  );
}

function consentPage(uid: string | undefined): string {
  return page(
    'Share your profile with Glowreel?',
    `<form method="post" action="/interaction/${uid}/allow"><button type="submit">Allow</button></form>
     <form method="post" action="/interaction/${uid}/deny"><button type="submit">Deny</button></form>`,
  );
}
