import type { RenderProgress, RenderRequest, RenderResult } from './renderer.ts';
export interface RenderWorkerTask {
    taskId: number;
    request: RenderRequest;
}
export type RenderWorkerMessage = {
    type: 'progress';
    taskId: number;
    progress: RenderProgress;
} | {
    type: 'done';
    taskId: number;
    result: RenderResult;
} | {
    type: 'failed';
    taskId: number;
    message: string;
    code: string;
};
