import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A loopback HTTP server that records webhook posts; it can refuse the first few. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Answer 500 to this many requests before answering 200. */
  failuresLeft = 0;
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body });
        if (this.failuresLeft > 0) {
          this.failuresLeft -= 1;
          response.writeHead(500).end('not now');
        } else {
          response.writeHead(200).end('ok');
        }
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
