// The title a video gets when the clinic leaves the title blank. Shared so the web form's
// placeholder shows exactly what the server will save.

/** The date part, e.g. 'Nov 25, 2026' (the same wording everywhere a title is shown). */
function titleDate(now: Date): string {
  return now.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * '<treatment title> · <date>' when a treatment is named, so a clinic's history reads as a
 * list of treatments; otherwise SPEC §3's 'Clinical Video - <date>'.
 */
export function defaultVideoTitle(now: Date, treatmentTitle?: string | null): string {
  const treatment = treatmentTitle?.trim();
  return treatment ? `${treatment} · ${titleDate(now)}` : `Clinical Video - ${titleDate(now)}`;
}
