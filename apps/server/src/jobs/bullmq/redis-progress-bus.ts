import { Redis } from 'ioredis';
import { LocalProgressBus, type ProgressBus, type VideoEvent } from '../progress-bus.ts';

interface RelayedEvent {
  videoId: string;
  event: VideoEvent;
}

/**
 * Progress across processes: a worker publishes on one Redis channel, and every API server
 * hands what it hears to its own SSE streams. Nothing waits for Redis here: a lost message
 * only delays a page, which still reads the video's record (the source of truth).
 */
export class RedisProgressBus implements ProgressBus {
  private readonly local = new LocalProgressBus();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;

  constructor(url: string, prefix: string, onError: (error: unknown) => void) {
    this.channel = `${prefix}:video-progress`;
    // Progress is worth nothing late: never queue it while Redis is away.
    this.publisher = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    this.subscriber.on('message', (_channel: string, message: string) => {
      const relayed = JSON.parse(message) as RelayedEvent;
      this.local.publish(relayed.videoId, relayed.event);
    });
  }

  /** Resolves once this process hears the channel (ioredis subscribes again after a reconnect). */
  async open(): Promise<void> {
    await this.subscriber.subscribe(this.channel);
  }

  publish(videoId: string, event: VideoEvent): void {
    const message = JSON.stringify({ videoId, event } satisfies RelayedEvent);
    this.publisher.publish(this.channel, message).catch(() => undefined);
  }

  subscribe(videoId: string, listener: (event: VideoEvent) => void): () => void {
    return this.local.subscribe(videoId, listener);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }
}
