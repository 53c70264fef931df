import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Two processes writing one PGlite folder corrupt it without an error (DESIGN.md field
// notes), so the embedded database folder is owned by exactly one live process.
export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly ownerPid: number,
  ) {
    super(`data folder ${folder} is in use by process ${ownerPid}`);
    this.name = 'DataFolderInUseError';
  }
}

export interface DataFolderLock {
  release: () => void;
}

const LOCK_FILE_NAME = 'glowreel.lock';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwnerPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function lockDataFolder(folder: string): DataFolderLock {
  mkdirSync(folder, { recursive: true });
  const lockPath = path.join(folder, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return {
        release: () => {
          if (readOwnerPid(lockPath) === process.pid) rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = readOwnerPid(lockPath);
      if (ownerPid !== undefined && isProcessAlive(ownerPid)) {
        throw new DataFolderInUseError(folder, ownerPid);
      }
      // The owner died without releasing the lock (crash, SIGKILL): take it over.
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`could not lock data folder ${folder}`);
}

/** The live process holding the folder, if any — used by admin commands to find the server. */
export function findDataFolderOwner(folder: string): number | undefined {
  const ownerPid = readOwnerPid(path.join(folder, LOCK_FILE_NAME));
  return ownerPid !== undefined && isProcessAlive(ownerPid) ? ownerPid : undefined;
}
