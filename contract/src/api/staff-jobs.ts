/**
 * Background work (issue #12), under /mucgrs-service/staff/jobs/: what the portal does away from
 * any request, for the system administrator to follow: ticket printings (background jobs on
 * BullMQ with REDIS_URL, in-process without) and the release notices leaving through the mail
 * outbox. Read with the logs' permission (`audit.read`).
 */
import { z } from 'zod';
import type { TicketBatchView } from './staff-exams';

/** POST /mucgrs-service/staff/jobs/overview */
export const jobsOverviewRequest = z.object({}).strict();
export type JobsOverviewRequest = z.input<typeof jobsOverviewRequest>;

export interface PrintingJobView extends TicketBatchView {
  /** The session printed: its subject and exam kind (TICKET_KINDS). */
  subject: string;
  kind: string;
  recruitYear: string;
  /** Who asked for it (a staff member's name), if anyone still is. */
  requestedBy: string | null;
}

export interface NoticeJobView {
  area: string;
  recruitYear: string;
  release: string;
  sent: number;
  waiting: number;
  failed: number;
  /** The mail server's last refusal, if any mail of these failed for good. */
  lastError: string | null;
  /** When the latest of these was written (ISO). */
  writtenAt: string;
}

export interface JobsOverviewView {
  /** Where jobs run: on Redis, across every instance; or in this one process. */
  runner: 'redis' | 'process';
  /** Jobs waiting or running now, by queue. */
  waiting: { printing: number; mail: number };
  /** The latest printings, newest first. */
  printings: PrintingJobView[];
  /** The latest releases' notices, newest first. */
  notices: NoticeJobView[];
}
