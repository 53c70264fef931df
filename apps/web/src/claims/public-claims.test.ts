import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseClaims, parseFingerprints } from './claims-list.ts';
import { PUBLIC_PAGES, publicPageText, type PublicPage } from './public-page-text.tsx';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CLAIMS_FILE = path.join(ROOT, 'docs/claims.md');

/** The page's text without what changes by itself (the footer's year). */
function fingerprintOf(text: string): string {
  const steady = text.replace(/© \d{4}/g, '© YEAR');
  return createHash('sha256').update(steady).digest('hex').slice(0, 16);
}

// Issue #18 §5: every factual claim on the public pages is listed in docs/claims.md with the
// test that proves it, and a page whose words change fails here until the list is reviewed.
describe('docs/claims.md', () => {
  const markdown = readFileSync(CLAIMS_FILE, 'utf8');
  const claims = parseClaims(markdown);
  const fingerprints = parseFingerprints(markdown);
  const texts = new Map<PublicPage, string>();

  beforeAll(async () => {
    for (const page of PUBLIC_PAGES) texts.set(page, await publicPageText(page));
  });

  it('lists claims, and a fingerprint, for every public page and no other', () => {
    expect(new Set(claims.map((claim) => claim.page))).toEqual(new Set(PUBLIC_PAGES));
    expect(new Set(fingerprints.keys())).toEqual(new Set(PUBLIC_PAGES));
  });

  it.each(PUBLIC_PAGES)('finds every claim listed for %s on the page, word for word', (page) => {
    const text = texts.get(page) ?? '';
    const missing = claims
      .filter((claim) => claim.page === page && !text.includes(claim.text))
      .map((claim) => claim.text);
    expect(missing, `no longer on ${page}: update docs/claims.md`).toEqual([]);
  });

  it.each(PUBLIC_PAGES)(
    'has the listed fingerprint for %s, so no wording changed unreviewed',
    (page) => {
      const actual = fingerprintOf(texts.get(page) ?? '');
      expect(
        actual,
        `${page}'s text changed: list any new or changed claim in docs/claims.md with its test, then set its fingerprint to ${actual}`,
      ).toBe(fingerprints.get(page));
    },
  );

  it('names, for every claim, a test (or a perf.md section) that exists', () => {
    const broken: string[] = [];
    for (const { proofs } of claims) {
      for (const proof of proofs) {
        const file = path.join(ROOT, proof.file);
        if (!existsSync(file)) broken.push(`${proof.file} does not exist`);
        else if (!readFileSync(file, 'utf8').includes(proof.name)) {
          broken.push(`${proof.file} has no "${proof.name}"`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
