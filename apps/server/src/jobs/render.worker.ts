import { parentPort, workerData } from 'node:worker_threads';
import { renderVideoFile } from '@glowreel/engine/node';
import type { RenderWorkerMessage, RenderWorkerTask } from './render-worker-protocol.ts';

// One render at a time per worker; the pool hands out the next task when this one ends.
const settings = workerData as { ffmpegPath: string | null; faceDetection: boolean };
const port = parentPort;
if (!port) throw new Error('render.worker.ts must run as a worker thread');

port.on('message', (task: RenderWorkerTask) => {
  const post = (message: RenderWorkerMessage) => port.postMessage(message);
  renderVideoFile(
    { ...task.request, ffmpegPath: settings.ffmpegPath, faceDetection: settings.faceDetection },
    (progress) => post({ type: 'progress', taskId: task.taskId, progress }),
  ).then(
    (result) => post({ type: 'done', taskId: task.taskId, result }),
    (error: unknown) => {
      const code = (error as { code?: unknown }).code;
      post({
        type: 'failed',
        taskId: task.taskId,
        message: error instanceof Error ? error.message : String(error),
        code: typeof code === 'string' ? code : 'render_failed',
      });
    },
  );
});
