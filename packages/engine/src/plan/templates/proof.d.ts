import type { FrameState } from '../frame-state.ts';
import { type TemplateContext } from './parts.ts';
export declare function proofFrame(context: TemplateContext, t: number): FrameState;
