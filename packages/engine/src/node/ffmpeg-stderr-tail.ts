/** Keeps the last few KB of a child's stderr: enough for the reason it failed, bounded in memory. */
export interface StderrTail {
  push(chunk: Buffer): void;
  text(): string;
}

export function createStderrTail(maxBytes = 4096): StderrTail {
  let tail = Buffer.alloc(0);
  return {
    push(chunk) {
      tail = Buffer.concat([tail, chunk]);
      if (tail.length > maxBytes) tail = tail.subarray(tail.length - maxBytes);
    },
    text() {
      return tail.toString('utf8').trim();
    },
  };
}
