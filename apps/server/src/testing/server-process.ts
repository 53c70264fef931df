import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const SERVER_ROOT = path.resolve(import.meta.dirname, '../..');

export interface ProcessResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a server script (main or a CLI) as its own Node process, the way npm would. */
export function spawnServerScript(
  script: string,
  args: string[],
  environment: Record<string, string>,
): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', path.join(SERVER_ROOT, 'src', script), ...args],
    {
      cwd: SERVER_ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...environment },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

export function waitForExit(child: ChildProcess, timeoutMs = 60_000): Promise<ProcessResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`process did not exit in ${timeoutMs} ms: ${stderr}`)),
      timeoutMs,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Resolves once the child prints `marker` on stdout. */
export function waitForOutput(
  child: ChildProcess,
  marker: string,
  timeoutMs = 60_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no "${marker}" within ${timeoutMs} ms; saw: ${seen}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(marker)) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (seen += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`process exited with ${code} before "${marker}": ${seen}`));
    });
  });
}
