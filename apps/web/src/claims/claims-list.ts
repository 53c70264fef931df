// Reads docs/claims.md: the public claims with their proofs, and each page's fingerprint.

export interface Proof {
  /** A repository path. */
  file: string;
  /** The test's name (or, for a Markdown file, a heading) the file must contain. */
  name: string;
}

export interface ListedClaim {
  page: string;
  text: string;
  proofs: Proof[];
}

const PAGE = /^`(\/[^`]*)`$/;
const PROOF = /^`([^`]+)` › (.+)$/;

/** A table row's cells, the first being a page path; none for any other line. */
function cellsOf(line: string): string[] {
  const trimmed = line.trim();
  if (!trimmed.startsWith('|') || !trimmed.endsWith('|')) return [];
  const cells = trimmed
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim());
  const page = PAGE.exec(cells[0] ?? '')?.[1];
  return page ? [page, ...cells.slice(1)] : [];
}

function sectionOf(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  if (start === -1) throw new Error(`docs/claims.md has no "## ${heading}" section`);
  const end = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end);
}

function proofOf(text: string): Proof {
  const match = PROOF.exec(text);
  if (!match?.[1] || !match[2]) {
    throw new Error(`docs/claims.md: "${text}" is not \`file\` › test name`);
  }
  return { file: match[1], name: match[2].trim() };
}

export function parseClaims(markdown: string): ListedClaim[] {
  return sectionOf(markdown, 'Claims')
    .map(cellsOf)
    .filter((cells) => cells.length > 0)
    .map((cells) => {
      const [page, text, proofs] = cells;
      if (cells.length !== 3 || !page || !text || !proofs) {
        throw new Error(
          `docs/claims.md: a claim row needs page | claim | proofs: ${cells.join(' | ')}`,
        );
      }
      return { page, text, proofs: proofs.split('<br>').map((proof) => proofOf(proof.trim())) };
    });
}

export function parseFingerprints(markdown: string): Map<string, string> {
  const fingerprints = new Map<string, string>();
  for (const cells of sectionOf(markdown, 'Page fingerprints').map(cellsOf)) {
    const [page, fingerprint] = cells;
    if (page && fingerprint) fingerprints.set(page, fingerprint);
  }
  return fingerprints;
}
