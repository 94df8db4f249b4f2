import { Worker } from 'node:worker_threads';
import type { TicketPrint } from '../results/ticket-pdf';

/**
 * Prints tickets on a worker thread. A ticket costs a few milliseconds of CPU; a session's
 * thousands of them on the thread that answers applicants would stall every page for a minute.
 * The worker takes one core, the server keeps the other (the benchmark bench/tickets.ts holds
 * the journey's p99 to 3x its idle value while 5,000 print).
 */
export interface TicketPrinter {
  print(prints: TicketPrint[]): Promise<Buffer[]>;
  close(): Promise<void>;
}

type Reply = { id: number; pdfs: Uint8Array[] } | { id: number; error: string };

const asTypeScript = import.meta.url.endsWith('.ts');
const workerUrl = new URL(`./ticket-printer-worker.${asTypeScript ? 'ts' : 'js'}`, import.meta.url);

/**
 * Run as TypeScript (tsx, vitest), the worker starts from a small JavaScript file that loads its
 * TypeScript through tsx's API: Node 20 does not pass the main thread's loader to a worker.
 */
const newWorker = () => (asTypeScript ? new Worker(new URL('./ticket-printer-boot.mjs', import.meta.url), { workerData: { entry: workerUrl.href } }) : new Worker(workerUrl));

export function startTicketPrinter(): TicketPrinter {
  const worker = newWorker();
  const waiting = new Map<number, { resolve: (pdfs: Buffer[]) => void; reject: (err: Error) => void }>();
  let next = 0;
  const failAll = (err: Error) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on('message', (reply: Reply) => {
    const w = waiting.get(reply.id);
    if (!w) return;
    waiting.delete(reply.id);
    if ('error' in reply) w.reject(new Error(reply.error));
    else w.resolve(reply.pdfs.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength)));
  });
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`ticket printer stopped (${code})`)));
  return {
    print: (prints) =>
      new Promise((resolve, reject) => {
        const id = ++next;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, prints });
      }),
    close: async () => {
      await worker.terminate();
    },
  };
}
