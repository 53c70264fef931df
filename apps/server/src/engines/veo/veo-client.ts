import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { GenerationFailure } from './generation-failure.ts';
import {
  MalformedResponse,
  buildPredictBody,
  parseOperation,
  parseSubmitted,
  type OperationState,
  type VeoRequest,
} from './veo-wire.ts';

export interface VeoClientSettings {
  apiKey: string;
  apiUrl: string;
  model: string;
}

/** A generated clip is a few MB; anything far larger is not one. */
const MAX_CLIP_BYTES = 200 * 1024 * 1024;
const MAX_REDIRECTS = 5;
const KEY_HEADER = 'x-goog-api-key';

/**
 * The Gemini API's Veo endpoints over fetch: the only code that holds the provider key. The key
 * travels in the x-goog-api-key header to the configured API's origin only (a download
 * redirected elsewhere goes without it), and no error thrown here quotes it.
 */
export class VeoClient {
  private readonly origin: string;

  constructor(private readonly settings: VeoClientSettings) {
    this.origin = new URL(settings.apiUrl).origin;
  }

  async submit(request: VeoRequest, signal: AbortSignal): Promise<string> {
    const url = `${this.settings.apiUrl}/v1beta/models/${encodeURIComponent(this.settings.model)}:predictLongRunning`;
    const response = await this.send(url, signal, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [KEY_HEADER]: this.settings.apiKey },
      body: JSON.stringify(buildPredictBody(request)),
    });
    return parseSubmitted(await readJson(response));
  }

  async poll(operationName: string, signal: AbortSignal): Promise<OperationState> {
    const url = `${this.settings.apiUrl}/v1beta/${operationName}`;
    const response = await this.send(url, signal, {
      headers: { [KEY_HEADER]: this.settings.apiKey },
    });
    return parseOperation(await readJson(response));
  }

  /** Saves the finished clip, following redirects (the key only ever goes to the API's origin). */
  async download(uri: string, outputPath: string, signal: AbortSignal): Promise<void> {
    let url = this.resolve(uri, this.settings.apiUrl);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const headers: Record<string, string> =
        new URL(url).origin === this.origin ? { [KEY_HEADER]: this.settings.apiKey } : {};
      const response = await this.send(url, signal, { headers, redirect: 'manual' }, true);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        url = this.resolve(location, url);
        continue;
      }
      const length = Number(response.headers.get('content-length') ?? 0);
      if (!response.body || length > MAX_CLIP_BYTES) {
        throw new GenerationFailure(
          'generation_failed',
          `the clip download had no body or ${length} bytes`,
        );
      }
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        limitBytes(MAX_CLIP_BYTES),
        createWriteStream(outputPath, { mode: 0o600 }),
      );
      return;
    }
    throw new GenerationFailure('generation_failed', 'the clip download redirected too often');
  }

  private resolve(target: string, base: string): string {
    const url = new URL(target, base);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new GenerationFailure('generation_failed', `the clip is at a ${url.protocol} address`);
    }
    return url.toString();
  }

  /**
   * One request; what the provider answered becomes the clinic's failure: 429 is the quota,
   * anything else not OK is the provider's failure (the status goes to the log, the body not:
   * it may echo what we sent).
   */
  private async send(
    url: string,
    signal: AbortSignal,
    init: RequestInit,
    allowRedirect = false,
  ): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal });
    } catch (error) {
      if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : error;
      // fetch's own errors name the address and the network cause, never the headers.
      throw new GenerationFailure(
        'generation_failed',
        `the Veo API could not be reached (${describe(error)})`,
      );
    }
    if (response.ok || (allowRedirect && response.status >= 300 && response.status < 400)) {
      return response;
    }
    await response.body?.cancel();
    if (response.status === 429) {
      throw new GenerationFailure('generation_quota_exceeded', 'the Veo API answered 429 (quota)');
    }
    throw new GenerationFailure(
      'generation_failed',
      `the Veo API answered HTTP ${response.status}`,
    );
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    throw new GenerationFailure(
      'generation_failed',
      new MalformedResponse('a body that is not JSON').message,
      null,
      {
        cause: error,
      },
    );
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string'
    ? cause.code
    : error instanceof Error
      ? error.name
      : 'unknown';
}

function limitBytes(max: number) {
  let seen = 0;
  return async function* (source: AsyncIterable<Uint8Array>) {
    for await (const chunk of source) {
      seen += chunk.byteLength;
      if (seen > max)
        throw new GenerationFailure('generation_failed', `the clip is over ${max} bytes`);
      yield chunk;
    }
  };
}
