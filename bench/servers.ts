/** Starts serve.ts in a child process and hands back its URL, a profiler switch and a way to stop it. */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ServeCommand, ServeControl, ServeReply, Usage } from './serve';
import { PROFILE_DIR, settings } from './settings';

export interface RunningServer {
  url: string;
  pid: number;
  /** The server process's CPU time so far and the requests it has started, by path. */
  usage(): Promise<Usage>;
  /** CPU-profiles the server's main thread from now until stopProfile(file). */
  startProfile(): Promise<void>;
  stopProfile(file: string): Promise<void>;
  stop(): Promise<void>;
}

const children = new Set<ChildProcess>();

/** Last resort for the watchdog: kills only the servers this run started, by their handles. */
export function killAllServers(): void {
  for (const child of children) child.kill('SIGKILL');
}

function nextReply(child: ChildProcess): Promise<ServeReply> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`bench server exited with code ${code}`));
    child.once('exit', onExit);
    child.once('message', (reply: ServeReply) => {
      child.off('exit', onExit);
      resolve(reply);
    });
  });
}

export async function startServer(command: ServeCommand): Promise<RunningServer> {
  // tsx compiles the server's TypeScript in the child exactly as `npm start` does.
  const child = fork(path.join(import.meta.dirname, 'serve.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => children.delete(child));

  const control = async (message: ServeControl): Promise<ServeReply> => {
    const reply = nextReply(child);
    child.send(message);
    return reply;
  };

  const ready = nextReply(child);
  child.send(command);
  const reply = await ready;
  if (!('ready' in reply)) {
    child.kill('SIGKILL');
    throw new Error(`bench server (${command.kind}) failed to start:\n${'failed' in reply ? reply.failed : JSON.stringify(reply)}`);
  }
  return {
    url: `http://127.0.0.1:${reply.ready}`,
    pid: child.pid ?? 0,
    async usage() {
      const answer = await control('usage');
      if (!('usage' in answer)) throw new Error(`unexpected reply to usage: ${JSON.stringify(answer)}`);
      return answer.usage;
    },
    async startProfile() {
      await control({ profile: 'start' });
    },
    async stopProfile(file) {
      await control({ profile: 'stop', file });
    },
    async stop() {
      if (child.exitCode === null && child.connected) child.send('stop');
      // Bounded: a server that will not close in 15 s is killed.
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs `phase`, CPU-profiling the server meanwhile when BENCH_PROFILE=1 (bench/results/<name>.cpuprofile). */
export async function profiled<T>(server: RunningServer, name: string, phase: () => Promise<T>): Promise<T> {
  if (!settings.profile) return phase();
  await server.startProfile();
  try {
    return await phase();
  } finally {
    await server.stopProfile(path.join(PROFILE_DIR, `${name}.cpuprofile`));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a load phase and returns, besides its result, the server's CPU time per request started on
 * `path`. After the load the server is given time to finish what it started (a login whose client
 * has gone still runs its argon2), so the CPU and the count cover the same work.
 */
export async function withCpu<T>(server: RunningServer, path: string, phase: () => Promise<T>): Promise<{ result: T; cpuPerRequest: number }> {
  const before = await server.usage();
  const result = await phase();
  let after = await server.usage();
  for (let waited = 0; waited < 5_000; waited += 100) {
    await sleep(100);
    const next = await server.usage();
    const busy = next.cpuMicros - after.cpuMicros;
    after = next;
    if (busy < 5_000) break; // under 5% of a core: done
  }
  const requests = (after.started[path] ?? 0) - (before.started[path] ?? 0);
  return { result, cpuPerRequest: (after.cpuMicros - before.cpuMicros) / requests };
}
