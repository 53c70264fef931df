import { errorBodySchema } from '@glowreel/contracts';

/** A failed API call, carrying the server's `{ error: { code, message, details } }` when it sent one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function requestJson(method: Method, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await readJson(response);
  if (!response.ok) throw toApiError(response.status, payload);
  return payload;
}

/** The server's message when there is one, else the screen's own fallback copy. */
export function describeError(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message !== '' ? error.message : fallback;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy or crash page is not our error shape; the caller falls back to its own copy.
    return null;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(payload);
  if (!parsed.success) return new ApiError(status, 'UNKNOWN', '');
  const { code, message, details } = parsed.data.error;
  return new ApiError(status, code, message, readFieldErrors(details));
}

function readFieldErrors(details: unknown): Record<string, string> {
  if (typeof details !== 'object' || details === null || !('fields' in details)) return {};
  const { fields } = details;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
