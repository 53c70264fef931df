// `npm start` (after the build), and `npm run worker` with the argument `worker`: the server,
// or the queue worker, in a child process started with the environment and V8 flags of
// server-process.mjs. Signals are passed on, and this process ends as the child does.
import { spawn } from 'node:child_process';
import {
  ROOT,
  SERVER_ENTRY,
  WORKER_ENTRY,
  processNodeArgs,
  serverProcessEnvironment,
} from './server-process.mjs';

let environment;
try {
  environment = serverProcessEnvironment(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const entry = process.argv[2] === 'worker' ? WORKER_ENTRY : SERVER_ENTRY;
const server = spawn(process.execPath, processNodeArgs(entry), {
  cwd: ROOT,
  env: environment,
  stdio: 'inherit',
});

// A terminal's Ctrl-C reaches the server and this process alike; the server stops gracefully
// on the first SIGINT or SIGTERM, so passing each signal on as SIGTERM never cuts that short
// (a second Ctrl-C still ends it at once).
/** @type {NodeJS.Signals[]} */
const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of FORWARDED) process.on(signal, () => server.kill('SIGTERM'));

server.on('exit', (code, signal) => {
  if (signal) {
    // End the way the server ended, so a supervisor sees the same signal.
    for (const forwarded of FORWARDED) process.removeAllListeners(forwarded);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
