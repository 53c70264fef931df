import { createServer, type Server } from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { texturedCompositePng } from '../helpers/face-photo.ts';
import { E2E_PORTS } from '../helpers/ports.ts';
import { signUp } from '../helpers/site.ts';

// Same site as the app (cookies are not kept apart by port), another origin: the issue's
// attacker page on localhost:3299. Its port comes from E2E_PORT, so parallel runs do not collide.
const APP_PORT = E2E_PORTS.app;
const ATTACKER_PORT = E2E_PORTS.crossOriginAttacker;
const APP = `http://localhost:${APP_PORT}`;

/** The attacker's page: fire-and-forget requests a browser lets any page send (no-cors). */
function attackerPage(photoBase64: string): string {
  return `<!doctype html><title>loading</title><script type="module">
const target = ${JSON.stringify(APP)};
const photo = Uint8Array.from(atob(${JSON.stringify(photoBase64)}), (c) => c.charCodeAt(0));
const form = new FormData();
form.append('consent', 'true');
form.append('image', new Blob([photo], { type: 'image/png' }), 'composite.png');
const send = (path, body) =>
  fetch(target + path, { method: 'POST', mode: 'no-cors', credentials: 'include', body });
await Promise.allSettled([send('/api/webhook-secret/rotate', '{}'), send('/api/videos', form)]);
document.title = 'done';
</script>`;
}

async function victimState(request: APIRequestContext) {
  const read = async (path: string): Promise<unknown> => (await request.get(path)).json();
  const me = (await read('/api/me')) as { credits: unknown };
  return {
    secret: await read('/api/webhook-secret'),
    videos: await read('/api/videos'),
    credits: me.credits,
  };
}

let attacker: Server;

test.beforeAll(async () => {
  const photo = (await texturedCompositePng({ width: 800, height: 500 })).toString('base64');
  attacker = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackerPage(photo));
  });
  await new Promise<void>((resolve) => attacker.listen(ATTACKER_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

test('a page on another port of the same host cannot rotate the webhook secret or start a video', async ({
  page,
}) => {
  await signUp(page, 'Halo Skin Clinic');
  const before = await victimState(page.request);

  // The signed-in clinic visits the other page in the same browser.
  const evil = await page.context().newPage();
  await evil.goto(`http://localhost:${ATTACKER_PORT}/`);
  await expect(evil).toHaveTitle('done');

  expect(await victimState(page.request)).toEqual(before);
});
