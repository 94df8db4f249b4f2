import { parentPort } from 'node:worker_threads';
import { ticketPdf, type TicketPrint } from '../results/ticket-pdf';

/** The printer's thread (ticket-printer.ts): tickets in, PDFs out, one batch of a session at a time. */
parentPort?.on('message', (message: { id: number; prints: TicketPrint[] }) => {
  void (async () => {
    try {
      const pdfs: Buffer[] = [];
      for (const p of message.prints) {
        // A Buffer crosses threads as a plain Uint8Array.
        const photo = p.photo ? Buffer.from(p.photo.buffer, p.photo.byteOffset, p.photo.byteLength) : null;
        pdfs.push(await ticketPdf({ ...p, photo }));
      }
      parentPort?.postMessage({ id: message.id, pdfs });
    } catch (err) {
      parentPort?.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) });
    }
  })();
});
