// A video's photos as decoded: each panel is the whole of its own file or its part of the
// composite it was found in. The render hands them on uncut: the face detector reads each
// panel where it lies and the paint workers cut their own copies, so the render thread no
// longer copies both panels out of a composite (14 MB for a 2400 × 1500 one) before its
// first frame. Those copies, with the copy each worker gets, were the memory that started a
// full collection of the render thread's heap while it looked for the panels and faces.
import type { Rect } from '../geometry.ts';
import { cropRaster, wholePixelRect, type Raster } from '../raster.ts';
import type { RenderPhotos } from './canvas-renderer.ts';

/** One panel's photo: `rect` (whole pixels, inside the raster) of `raster`. */
export interface PanelPhoto {
  raster: Raster;
  rect: Rect;
}

/** Both panels (the same raster when they come from one composite) and the logo. */
export interface PanelPhotos {
  before: PanelPhoto;
  after: PanelPhoto;
  logo: Raster | null;
}

/** `rect` of `raster` in whole pixels, clamped to it as cropRaster cuts it; absent = the whole. */
export function panelPhoto(raster: Raster, rect?: Rect): PanelPhoto {
  const whole = { x: 0, y: 0, width: raster.width, height: raster.height };
  return { raster, rect: rect ? wholePixelRect(raster, rect) : whole };
}

/** Photos that are already one raster each. */
export function wholePhotos(photos: RenderPhotos): PanelPhotos {
  return { before: panelPhoto(photos.before), after: panelPhoto(photos.after), logo: photos.logo };
}

/** Each panel as a raster of its own: cut out of its composite, or the photo itself when whole. */
export function cutPanelPhotos(photos: PanelPhotos): RenderPhotos {
  return { before: cut(photos.before), after: cut(photos.after), logo: photos.logo };
}

function cut({ raster, rect }: PanelPhoto): Raster {
  const whole =
    rect.x === 0 && rect.y === 0 && rect.width === raster.width && rect.height === raster.height;
  return whole ? raster : cropRaster(raster, rect);
}

/**
 * The photos with every raster copied once (a composite both panels share stays one copy),
 * and the copies' buffers, which can be moved to another thread: a decoded photo's own
 * memory belongs to sharp and cannot be.
 */
export function copyPanelPhotos(photos: PanelPhotos): {
  photos: PanelPhotos;
  buffers: ArrayBuffer[];
} {
  const copies = new Map<Raster, Raster & { data: { buffer: ArrayBuffer } }>();
  const copy = (raster: Raster): Raster => {
    let copied = copies.get(raster);
    if (!copied) {
      copied = { width: raster.width, height: raster.height, data: raster.data.slice() };
      copies.set(raster, copied);
    }
    return copied;
  };
  return {
    photos: {
      before: { raster: copy(photos.before.raster), rect: photos.before.rect },
      after: { raster: copy(photos.after.raster), rect: photos.after.rect },
      logo: photos.logo && copy(photos.logo),
    },
    buffers: [...copies.values()].map((raster) => raster.data.buffer),
  };
}
