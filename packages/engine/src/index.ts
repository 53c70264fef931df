// The video engine: a pure timeline shared by the browser preview and the server render.
// The foundation only fixes the output constants; the engine issue builds the rest.
export const VIDEO_FPS = 30;
export const VIDEO_DURATION_SECONDS = 8;
