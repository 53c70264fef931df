import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenerationFailure } from './generation-failure.ts';
import { VeoClient } from './veo-client.ts';

const KEY = 'client-test-key-3b9e';

/** A loopback server recording the key header of each request it gets. */
async function listen(
  handle: (url: string, response: ServerResponse) => void,
): Promise<{ server: Server; url: string; keys: (string | undefined)[] }> {
  const keys: (string | undefined)[] = [];
  const server = createServer((request, response) => {
    const key = request.headers['x-goog-api-key'];
    keys.push(typeof key === 'string' ? key : undefined);
    handle(request.url ?? '/', response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, keys };
}

describe('the Veo client', () => {
  let api: Awaited<ReturnType<typeof listen>>;
  let elsewhere: Awaited<ReturnType<typeof listen>>;
  let dir: string;

  beforeAll(async () => {
    elsewhere = await listen((_url, response) => {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.end('clip-bytes');
    });
    api = await listen((url, response) => {
      if (url.startsWith('/v1beta/files/same')) {
        response.writeHead(302, { location: '/bytes/same.mp4' });
      } else if (url.startsWith('/v1beta/files/away')) {
        response.writeHead(302, { location: `${elsewhere.url}/bytes/away.mp4` });
      } else if (url.startsWith('/v1beta/models/busy/operations')) {
        response.writeHead(429, { 'content-type': 'application/json' });
        response.end('{"error":{"code":429,"status":"RESOURCE_EXHAUSTED"}}');
        return;
      } else if (url.startsWith('/v1beta/models/broken/operations')) {
        response.writeHead(503);
        response.end();
        return;
      } else {
        response.writeHead(200, { 'content-type': 'video/mp4' });
      }
      response.end('clip-bytes');
    });
    dir = mkdtempSync(path.join(tmpdir(), 'veo-client-'));
  });
  afterAll(async () => {
    for (const { server } of [api, elsewhere]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const client = () => new VeoClient({ apiKey: KEY, apiUrl: api.url, model: 'veo-test' });

  it('follows a download redirect within the API with the key', async () => {
    const file = path.join(dir, 'same.mp4');
    await client().download(
      `${api.url}/v1beta/files/same:download?alt=media`,
      file,
      AbortSignal.timeout(5000),
    );
    expect(readFileSync(file, 'utf8')).toBe('clip-bytes');
    expect(api.keys.slice(-2)).toEqual([KEY, KEY]);
  });

  it('never sends the key to a host a download is redirected to', async () => {
    const file = path.join(dir, 'away.mp4');
    const before = elsewhere.keys.length;
    await client().download(
      `${api.url}/v1beta/files/away:download?alt=media`,
      file,
      AbortSignal.timeout(5000),
    );
    expect(readFileSync(file, 'utf8')).toBe('clip-bytes');
    expect(elsewhere.keys.slice(before)).toEqual([undefined]);
  });

  it('tells the quota from other provider failures, without the key in the message', async () => {
    const busy = new VeoClient({ apiKey: KEY, apiUrl: api.url, model: 'busy' });
    const quota = await busy
      .poll('models/busy/operations/x', AbortSignal.timeout(5000))
      .catch((error: unknown) => error);
    expect(quota).toBeInstanceOf(GenerationFailure);
    expect(quota).toMatchObject({ code: 'generation_quota_exceeded' });
    const broken = new VeoClient({ apiKey: KEY, apiUrl: api.url, model: 'broken' });
    const failed = await broken
      .poll('models/broken/operations/x', AbortSignal.timeout(5000))
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({
      code: 'generation_failed',
      message: 'the Veo API answered HTTP 503',
    });
    const unreachable = new VeoClient({ apiKey: KEY, apiUrl: 'http://127.0.0.1:9', model: 'm' });
    const refused = await unreachable
      .poll('models/m/operations/x', AbortSignal.timeout(5000))
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'generation_failed' });
    for (const error of [quota, failed, refused]) {
      expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(KEY);
    }
  });
});
