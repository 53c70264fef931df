// npm run samples:templates — renders every template in every format on the shared test
// photos (../shared/fixtures, when present) and writes one contact sheet per video (ten
// moments, decoded from the MP4) to a folder outside the repository, for people to look at.
// SAMPLES_TREATED_AREA=lips (any treated area) frames the close-ups on it.
// The photos are test inputs only: the sheets are never committed or published.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ASPECTS,
  TEMPLATES,
  type Aspect,
  type Template,
  type TreatedAreaName,
} from '@glowreel/contracts';
import { renderVideoFile, resolveFfmpegPath } from '@glowreel/engine/node';
import { fixtureRenderRequest } from '@glowreel/engine/testing';

const FIXTURES = path.resolve(import.meta.dirname, '../../shared/fixtures/composites');
const OUTPUT = process.env.SAMPLES_DIR ?? path.join(tmpdir(), 'glowreel-template-samples');
const INPUTS: { name: string; before: string; after?: string }[] = [
  { name: 'sbs-portrait', before: 'sbs-portrait.jpg' },
  { name: 'stacked', before: 'stacked.jpg' },
  { name: 'sbs-labels', before: 'sbs-labels.jpg' },
  { name: 'sbs-misaligned', before: 'sbs-misaligned.jpg' },
  { name: 'pair-01', before: 'pair-01-before.jpg', after: 'pair-01-after.jpg' },
];
const listed = (name: string) => (process.env[name] ?? '').split(',').filter(Boolean);
const only = listed('SAMPLES_ONLY');
/** Optional filters, e.g. SAMPLES_TEMPLATES=reveal,story SAMPLES_ASPECTS=9:16. */
const onlyTemplates = listed('SAMPLES_TEMPLATES');
const onlyAspects = listed('SAMPLES_ASPECTS');

async function renderOne(input: (typeof INPUTS)[number], template: Template, aspect: Aspect) {
  const plan = process.env.SAMPLES_PLAN === 'free' ? 'free' : 'pro';
  const outputDir = path.join(OUTPUT, `${input.name}-${template}-${aspect.replace(':', 'x')}`);
  mkdirSync(outputDir, { recursive: true });
  const result = await renderVideoFile(
    fixtureRenderRequest(
      {
        inputPath: path.join(FIXTURES, input.before),
        afterInputPath: input.after ? path.join(FIXTURES, input.after) : null,
        outputDir,
      },
      aspect,
      {
        plan,
        template,
        treatedArea: (process.env.SAMPLES_TREATED_AREA || undefined) as TreatedAreaName | undefined,
      },
    ),
    () => {},
  );
  const sheet = `${outputDir}.png`;
  const ffmpeg = resolveFfmpegPath(undefined);
  const cut = spawnSync(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-i',
    result.videoPath,
    '-vf',
    `fps=10/8,scale=-1:${aspect === '9:16' ? 480 : 300},tile=10x1`,
    '-frames:v',
    '1',
    sheet,
  ]);
  if (cut.status !== 0) throw new Error(String(cut.stderr));
  const motion =
    result.provenance.warnings.map((warning) => warning.code).join(', ') || 'no warnings';
  console.log(`${sheet}  (${motion})`);
}

async function main() {
  if (!existsSync(FIXTURES)) {
    console.log(`No test photos at ${FIXTURES}: nothing to render.`);
    return;
  }
  mkdirSync(OUTPUT, { recursive: true });
  for (const input of INPUTS) {
    if (only.length > 0 && !only.includes(input.name)) continue;
    for (const template of TEMPLATES) {
      if (onlyTemplates.length > 0 && !onlyTemplates.includes(template)) continue;
      for (const aspect of ASPECTS) {
        if (onlyAspects.length > 0 && !onlyAspects.includes(aspect)) continue;
        await renderOne(input, template, aspect);
      }
    }
  }
  console.log(`Contact sheets in ${OUTPUT}`);
}

await main();
