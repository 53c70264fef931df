// Worker threads start without the parent's TypeScript loader; register tsx here, then
// load the real (TypeScript) worker.
import { register } from 'tsx/esm/api';

register();
await import('./render.worker.ts');
