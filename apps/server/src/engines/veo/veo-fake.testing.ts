import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpegPath } from '@glowreel/engine/node';

const run = promisify(execFile);

// A loopback stand-in for the Gemini API's Veo surface (issue #20), built from Google's REST
// reference: predictLongRunning → operation name; GET the operation until done; the finished
// operation's generateVideoResponse.generatedSamples[0].video.uri, downloaded with the key
// (through a redirect, as the real file service answers). Every request must carry the key in
// x-goog-api-key; the submitted body is checked field by field like the real API would.

export type VeoScenario =
  'success' | 'slow' | 'quota' | 'safety' | 'server-error' | 'never-finishes' | 'malformed';

export interface SubmittedRequest {
  model: string;
  prompt: string;
  negativePrompt: string;
  mimeType: string;
  imageBytes: Buffer;
  aspectRatio: string;
  durationSeconds: number;
  personGeneration: string;
  resolution: string;
}

export interface VeoFake {
  url: string;
  apiKey: string;
  scenario: VeoScenario;
  /** Polls a 'slow' operation answers "not done" before it is. */
  slowPolls: number;
  /** Forces the clip's resolution (the real model may answer 1080p); null: as requested. */
  clipResolution: '720p' | '1080p' | null;
  readonly submitted: SubmittedRequest[];
  readonly polls: number;
  readonly downloads: number;
  /** Requests that came without the right key (any would be a bug). */
  readonly keyRejections: number;
  close(): Promise<void>;
}

const REFUSAL_REASON =
  "We encountered an issue with the input image. Photorealistic images of children can't be used to generate videos. Support code: 58061214";

interface Operation {
  id: string;
  model: string;
  scenario: VeoScenario;
  pollsLeft: number;
  clip: { aspectRatio: string; resolution: string };
}

export async function startVeoFake(apiKey = 'fake-veo-key-do-not-leak-7c1f'): Promise<VeoFake> {
  const clipsDir = mkdtempSync(path.join(tmpdir(), 'glowreel-veo-fake-'));
  const clips = new Map<string, Promise<Buffer>>();
  const operations = new Map<string, Operation>();
  const fake = {
    url: '',
    apiKey,
    scenario: 'success' as VeoScenario,
    slowPolls: 3,
    clipResolution: null as VeoFake['clipResolution'],
    submitted: [] as SubmittedRequest[],
    polls: 0,
    downloads: 0,
    keyRejections: 0,
  };

  const clipFor = (aspectRatio: string, resolution: string) => {
    const key = `${aspectRatio}-${resolution}`;
    let clip = clips.get(key);
    if (!clip) {
      clip = encodeClip(clipsDir, aspectRatio, resolution);
      clips.set(key, clip);
    }
    return clip;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    // The fake's own counters, for a test running it in another process (the E2E spec).
    if (url.pathname === '/__fake/stats' && request.method === 'GET') {
      const { submitted, polls, downloads, keyRejections } = fake;
      return sendJson(response, 200, {
        submitted: submitted.length,
        polls,
        downloads,
        keyRejections,
      });
    }
    if (request.headers['x-goog-api-key'] !== apiKey) {
      fake.keyRejections += 1;
      // What the Gemini API answers a missing or wrong key.
      return sendJson(
        response,
        400,
        apiError(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT'),
      );
    }
    const submit = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(url.pathname);
    if (submit && request.method === 'POST') {
      const model = submit[1] ?? '';
      const checked = checkSubmission(model, await readBody(request));
      if (typeof checked === 'string') {
        return sendJson(response, 400, apiError(400, checked, 'INVALID_ARGUMENT'));
      }
      fake.submitted.push(checked);
      if (fake.scenario === 'quota') {
        return sendJson(
          response,
          429,
          apiError(429, 'You exceeded your current quota.', 'RESOURCE_EXHAUSTED'),
        );
      }
      if (fake.scenario === 'server-error') {
        return sendJson(response, 500, apiError(500, 'Internal error encountered.', 'INTERNAL'));
      }
      const id = crypto.randomUUID().replaceAll('-', '').slice(0, 12);
      operations.set(id, {
        id,
        model,
        scenario: fake.scenario,
        pollsLeft: fake.scenario === 'slow' ? fake.slowPolls : 0,
        clip: {
          aspectRatio: checked.aspectRatio,
          resolution: fake.clipResolution ?? checked.resolution,
        },
      });
      return sendJson(response, 200, { name: `models/${model}/operations/${id}` });
    }
    const poll = /^\/v1beta\/models\/([^/]+)\/operations\/([a-z0-9]+)$/.exec(url.pathname);
    if (poll && request.method === 'GET') {
      fake.polls += 1;
      const operation = operations.get(poll[2] ?? '');
      if (!operation)
        return sendJson(response, 404, apiError(404, 'Operation not found.', 'NOT_FOUND'));
      return answerPoll(response, operation);
    }
    const file = /^\/v1beta\/files\/([a-z0-9]+):download$/.exec(url.pathname);
    if (file && request.method === 'GET' && url.searchParams.get('alt') === 'media') {
      // The real file service redirects to where the bytes are.
      response.writeHead(302, { location: `/download/${file[1] ?? ''}.mp4` });
      return response.end();
    }
    const bytes = /^\/download\/([a-z0-9]+)\.mp4$/.exec(url.pathname);
    if (bytes && request.method === 'GET') {
      const operation = operations.get(bytes[1] ?? '');
      if (!operation) return sendJson(response, 404, apiError(404, 'File not found.', 'NOT_FOUND'));
      fake.downloads += 1;
      const clip = await clipFor(operation.clip.aspectRatio, operation.clip.resolution);
      response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.byteLength });
      return response.end(clip);
    }
    return sendJson(
      response,
      404,
      apiError(404, `No route ${request.method} ${url.pathname}.`, 'NOT_FOUND'),
    );
  };

  const answerPoll = (response: ServerResponse, operation: Operation) => {
    const name = `models/${operation.model}/operations/${operation.id}`;
    if (operation.scenario === 'never-finishes')
      return sendJson(response, 200, { name, done: false });
    if (operation.pollsLeft > 0) {
      operation.pollsLeft -= 1;
      return sendJson(response, 200, { name, done: false });
    }
    if (operation.scenario === 'malformed') {
      return sendJson(response, 200, { name, done: true, response: { generatedVideos: 'soon' } });
    }
    const type =
      'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse';
    if (operation.scenario === 'safety') {
      return sendJson(response, 200, {
        name,
        done: true,
        response: {
          '@type': type,
          generateVideoResponse: {
            raiMediaFilteredCount: 1,
            raiMediaFilteredReasons: [REFUSAL_REASON],
          },
        },
      });
    }
    return sendJson(response, 200, {
      name,
      done: true,
      response: {
        '@type': type,
        generateVideoResponse: {
          generatedSamples: [
            { video: { uri: `${fake.url}/v1beta/files/${operation.id}:download?alt=media` } },
          ],
        },
      },
    });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      sendJson(response, 500, apiError(500, String(error), 'INTERNAL'));
    });
  });
  // Every clip the fake can serve is encoded before it answers: the server's deadline then
  // measures the server's work, not this fake's ffmpeg on a busy machine.
  await Promise.all(
    ['16:9', '9:16'].flatMap((aspectRatio) =>
      ['720p', '1080p'].map((resolution) => clipFor(aspectRatio, resolution)),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(clipsDir, { recursive: true, force: true });
    },
  });
}

/** The request shape the adapter must send (the real API refuses the same mistakes). */
function checkSubmission(model: string, text: string): SubmittedRequest | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'Invalid JSON payload received.';
  }
  const { instances, parameters } = (body ?? {}) as {
    instances?: {
      prompt?: unknown;
      image?: { bytesBase64Encoded?: unknown; mimeType?: unknown };
    }[];
    parameters?: Record<string, unknown>;
  };
  const instance = instances?.[0];
  if (!Array.isArray(instances) || instances.length !== 1 || !instance)
    return 'instances must hold one instance.';
  if (typeof instance.prompt !== 'string' || instance.prompt.length === 0)
    return 'prompt is required.';
  const image = instance.image;
  if (typeof image?.bytesBase64Encoded !== 'string' || typeof image.mimeType !== 'string') {
    return 'image needs bytesBase64Encoded and mimeType.';
  }
  const imageBytes = Buffer.from(image.bytesBase64Encoded, 'base64');
  const isPng = imageBytes
    .subarray(0, 8)
    .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const isJpeg = imageBytes[0] === 0xff && imageBytes[1] === 0xd8;
  if ((image.mimeType === 'image/png' && !isPng) || (image.mimeType === 'image/jpeg' && !isJpeg)) {
    return `image bytes are not ${image.mimeType}.`;
  }
  if (!['image/png', 'image/jpeg'].includes(image.mimeType))
    return `Unsupported mimeType ${image.mimeType}.`;
  const p = parameters ?? {};
  if (p.aspectRatio !== '16:9' && p.aspectRatio !== '9:16')
    return 'aspectRatio must be 16:9 or 9:16.';
  if (![4, 6, 8].includes(Number(p.durationSeconds))) return 'durationSeconds must be 4, 6 or 8.';
  if (!['allow_adult', 'dont_allow', 'allow_all'].includes(String(p.personGeneration))) {
    return 'personGeneration is not valid.';
  }
  if (p.resolution !== undefined && p.resolution !== '720p' && p.resolution !== '1080p') {
    return 'resolution must be 720p or 1080p.';
  }
  if (p.resolution === '1080p' && Number(p.durationSeconds) !== 8)
    return '1080p needs durationSeconds 8.';
  if (typeof p.negativePrompt !== 'string') return 'negativePrompt must be a string.';
  return {
    model,
    prompt: instance.prompt,
    negativePrompt: p.negativePrompt,
    mimeType: image.mimeType,
    imageBytes,
    aspectRatio: p.aspectRatio,
    durationSeconds: Number(p.durationSeconds),
    personGeneration: String(p.personGeneration),
    resolution: typeof p.resolution === 'string' ? p.resolution : '720p',
  };
}

/** A small real clip like Veo's: H.264 at 24 fps with an AAC track, 720p or 1080p, 2 s. */
async function encodeClip(dir: string, aspectRatio: string, resolution: string): Promise<Buffer> {
  const short = resolution === '1080p' ? 1080 : 720;
  const long = resolution === '1080p' ? 1920 : 1280;
  const [width, height] = aspectRatio === '9:16' ? [short, long] : [long, short];
  const output = path.join(dir, `${aspectRatio.replace(':', 'x')}-${resolution}.mp4`);
  await run(resolveFfmpegPath(), [
    '-hide_banner',
    ...['-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=24:duration=2`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart'],
    output,
  ]);
  return readFileSync(output);
}

function apiError(code: number, message: string, status: string) {
  return { error: { code, message, status } };
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
