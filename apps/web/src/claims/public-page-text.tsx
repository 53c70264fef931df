import {
  apiErrorSchema,
  apiGenerateAcceptedSchema,
  apiGenerateJsonSchema,
  apiVideoListSchema,
  apiVideoSchema,
  apiWebhookEventSchema,
  consentRevokeRequestSchema,
} from '@glowreel/contracts';
import { z } from 'zod';
import { FAQ_ENTRIES } from '../routes/support/faq-entries.ts';
import { renderPublicPage } from './render-public-page.tsx';

/** The public pages whose claims docs/claims.md lists (issue #18 §5). */
export const PUBLIC_PAGES = [
  '/',
  '/documentation',
  '/api',
  '/support',
  '/privacy-policy',
  '/terms-of-service',
] as const;
export type PublicPage = (typeof PUBLIC_PAGES)[number];

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
  nbsp: ' ',
};

/** The words of some markup as a reader sees them, on one line. */
export function textOfMarkup(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every `description` in a JSON Schema: what the API reference prints beside each field. */
function descriptionsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) descriptionsOf(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'description' && typeof inner === 'string') found.push(inner);
      else descriptionsOf(inner, found);
    }
  }
  return found;
}

/**
 * What each page tells a visitor: its server-side render, plus what the render leaves out
 * but the page shows a click later — the FAQ's folded answers, and the API reference the
 * page draws from the OpenAPI document (built from these same schemas).
 */
export async function publicPageText(page: PublicPage): Promise<string> {
  const previousWindow = (globalThis as { window?: unknown }).window;
  // The API page reads window.location for the base URL it prints.
  if (page === '/api')
    Object.assign(globalThis, { window: { location: { origin: 'http://localhost' } } });
  try {
    const parts = [textOfMarkup(await renderPublicPage(page))];
    if (page === '/support') {
      parts.push(...FAQ_ENTRIES.map((entry) => entry.answer));
    }
    if (page === '/api') {
      const schemas = [
        apiGenerateJsonSchema,
        apiGenerateAcceptedSchema,
        apiVideoSchema,
        apiVideoListSchema,
        apiWebhookEventSchema,
        apiErrorSchema,
        consentRevokeRequestSchema,
      ];
      for (const schema of schemas) {
        parts.push(...descriptionsOf(z.toJSONSchema(schema, { unrepresentable: 'any' })));
      }
    }
    return parts.join(' ');
  } finally {
    if (previousWindow === undefined) Reflect.deleteProperty(globalThis, 'window');
    else Object.assign(globalThis, { window: previousWindow });
  }
}
