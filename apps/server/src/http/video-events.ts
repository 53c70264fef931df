import { renderFailureMessage } from '@glowreel/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProgressBus, VideoEvent } from '../jobs/progress-bus.ts';
import type { VideoRecord } from '../services/video-record.ts';
import { STAGE_NAMES } from '../services/video-copy.ts';

function eventFor(record: VideoRecord): VideoEvent {
  if (record.status === 'completed') return { type: 'completed' };
  if (record.status === 'failed') {
    const code = record.errorCode ?? 'render_failed';
    return {
      type: 'failed',
      errorCode: code,
      errorMessage: record.errorMessage ?? renderFailureMessage(code, record.id),
    };
  }
  return {
    type: 'progress',
    stage: record.stage,
    stageName: STAGE_NAMES[record.stage - 1] ?? STAGE_NAMES[0],
    progress: record.progress,
  };
}

/**
 * Server-Sent Events for one video: the current state first (so a reconnecting client
 * catches up), then live progress until it completes or fails.
 */
export async function streamVideoEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  videoId: string,
  loadRecord: () => Promise<VideoRecord>,
  bus: ProgressBus,
): Promise<void> {
  reply.hijack();
  const response = reply.raw;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  const send = (event: VideoEvent) => {
    response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    if (event.type !== 'progress') close();
  };
  const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), 15_000);
  // Subscribe before reading the state so an event in between cannot be missed.
  const unsubscribe = bus.subscribe(videoId, send);
  let closed = false;
  function close() {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    response.end();
  }
  request.raw.on('close', close);
  try {
    send(eventFor(await loadRecord()));
  } catch {
    close();
  }
}
