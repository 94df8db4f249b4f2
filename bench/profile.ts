/**
 * Summarises a V8 .cpuprofile: where the busy time of the server's main thread went, by package
 * or source file and by function. Idle time is left out, so percentages are of the time the
 * thread was working. Runs on its own too: `npx tsx bench/profile.ts bench/results/x.cpuprofile`.
 * Note argon2 hashes on libuv's thread pool, which this profile does not see: during the login
 * benchmark it shows what the server does *besides* hashing.
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package (node_modules), the server/bench source file, or the V8/Node category a frame belongs to. */
function areaOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  const ours = /\/((?:server|contract|bench)\/src\/.*|bench\/[^/]+)$/.exec(url);
  if (ours) return ours[1]!;
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

function top(totals: Map<string, number>, busy: number, count: number): string[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => `${((micros / busy) * 100).toFixed(1).padStart(5)}%  ${name}`);
}

export function summarizeProfile(file: string, count = 12): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const byArea = new Map<string, number>();
  /** Time with the area anywhere on the stack: kysely here includes the SQLite calls it makes. */
  const underArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  const stackOf = (id: number) => {
    const frames: ProfileNode['callFrame'][] = [];
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const f = byId.get(at)?.callFrame;
      if (f) frames.push(f);
    }
    return frames;
  };
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const micros = profile.timeDeltas[i] ?? 0;
    const stack = stackOf(id);
    // The profiler's own start/stop (node:inspector) is not the server's work.
    if (!frame || frame.functionName === '(idle)' || stack.some((f) => f.url === 'node:inspector')) {
      idle += micros;
      return;
    }
    busy += micros;
    const area = areaOf(frame);
    byArea.set(area, (byArea.get(area) ?? 0) + micros);
    const fn = `${frame.functionName || '(anonymous)'}  ${area}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
    const onStack = new Set<string>();
    for (const f of stack) {
      // Node's own frames and serve.ts sit under everything: as totals they would say nothing.
      if (f.url && !f.url.startsWith('node:') && !f.url.includes('/bench/')) onStack.add(areaOf(f));
    }
    for (const a of onStack) underArea.set(a, (underArea.get(a) ?? 0) + micros);
  });
  const seconds = (micros: number) => (micros / 1e6).toFixed(1);
  return [
    // Samples are wall-clock: on a loaded machine a preempted thread is charged to whatever it was in.
    `${file}: main thread busy ${seconds(busy)} s, idle ${seconds(idle)} s`,
    '  self time by area:',
    ...top(byArea, busy, count).map((l) => `    ${l}`),
    '  total time with the area on the stack (self + what it calls):',
    ...top(underArea, busy, count).map((l) => `    ${l}`),
    '  self time by function:',
    ...top(byFunction, busy, count).map((l) => `    ${l}`),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const file of process.argv.slice(2)) console.log(summarizeProfile(file));
}
