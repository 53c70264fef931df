import { startVeoFake } from './veo-fake.testing.ts';

// The Veo fake as a process of its own (the E2E spec starts it beside an app server): prints
// its address and key as one JSON line, and runs until it is told to stop.
const fake = await startVeoFake(process.env.VEO_FAKE_KEY);
process.stdout.write(`${JSON.stringify({ url: fake.url, apiKey: fake.apiKey })}\n`);
const stop = () => {
  void fake.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
