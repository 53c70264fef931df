import type { PanelState } from '../frame-state.ts';
import { CLOSE_UP_RATIO } from './two-up.ts';

/**
 * The photos a frame shows twice without a close-up between them: the same photo in two
 * slots says something only when one view is at least `CLOSE_UP_RATIO` times tighter (the
 * treated area's detail beside the face), never as a copy of its neighbour.
 */
export function repeatedViews(shown: readonly PanelState[]): string[] {
  const repeated: string[] = [];
  shown.forEach((panel, index) => {
    for (const other of shown.slice(index + 1)) {
      if (other.which !== panel.which) continue;
      const tighter = Math.max(panel.view.height, other.view.height);
      const wider = Math.min(panel.view.height, other.view.height);
      if (tighter < wider * CLOSE_UP_RATIO) repeated.push(panel.which);
    }
  });
  return repeated;
}
