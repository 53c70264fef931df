// `npm start` (after the build): the server in a child process started with the environment
// of server-process.mjs. Signals are passed on, and this process ends as the server does.
import { spawn } from 'node:child_process';
import { ROOT, SERVER_NODE_ARGS, serverProcessEnvironment } from './server-process.mjs';

let environment;
try {
  environment = serverProcessEnvironment(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const server = spawn(process.execPath, SERVER_NODE_ARGS, {
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
