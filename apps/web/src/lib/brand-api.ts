import { brandKitSchema, errorBodySchema, type BrandKit } from '@glowreel/contracts';
import { ApiError, requestJson } from './api-client.ts';

export type { BrandKit };

/** The saved brand kit: the dashboard edits it, /generate starts from it. */
export const BRAND_QUERY_KEY = ['brand'] as const;

const LOGO_URL = '/api/brand/logo';

function parseKit(payload: unknown): BrandKit {
  const parsed = brandKitSchema.safeParse(payload);
  // A reply that does not match the contract is a server fault, not something to show.
  if (!parsed.success) throw new ApiError(500, 'UNEXPECTED_RESPONSE', '');
  return parsed.data;
}

export async function fetchBrand(): Promise<BrandKit> {
  return parseKit(await requestJson('GET', '/api/brand'));
}

export async function saveBrand(kit: BrandKit): Promise<BrandKit> {
  return parseKit(await requestJson('PUT', '/api/brand', kit));
}

/** PUT /api/brand/logo: checked on the server exactly like a logo sent with a video. */
export async function uploadBrandLogo(file: File): Promise<BrandKit> {
  const form = new FormData();
  form.append('logo', file);
  // No content-type header: the browser writes the multipart boundary itself.
  const response = await fetch(LOGO_URL, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    body: form,
  });
  const payload = await readJson(response);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(payload);
    throw parsed.success
      ? new ApiError(response.status, parsed.data.error.code, parsed.data.error.message)
      : new ApiError(response.status, 'UNKNOWN', '');
  }
  return parseKit(payload);
}

export async function removeBrandLogo(): Promise<BrandKit> {
  return parseKit(await requestJson('DELETE', LOGO_URL));
}

/** The saved logo's address; `version` changes after each upload so the image reloads. */
export function brandLogoUrl(version: number): string {
  return `${LOGO_URL}?v=${version}`;
}

/** The saved logo as a file, for /generate to send with the video like a chosen one. */
export async function fetchBrandLogoFile(): Promise<File | null> {
  const response = await fetch(LOGO_URL, { credentials: 'same-origin' });
  if (response.status === 404) return null;
  if (!response.ok) throw new ApiError(response.status, 'UNKNOWN', '');
  const blob = await response.blob();
  const extension = blob.type.split('/')[1] ?? 'png';
  return new File([blob], `saved-logo.${extension === 'jpeg' ? 'jpg' : extension}`, {
    type: blob.type,
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
