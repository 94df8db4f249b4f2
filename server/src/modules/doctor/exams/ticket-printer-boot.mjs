// The ticket printer's worker, run as TypeScript: loads the worker's .ts through tsx (ticket-printer.ts says why).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
