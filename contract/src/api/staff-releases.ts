/**
 * Releases (issue #10, "Decisions and their release"), under /mucgrs-service/staff/releases/: the
 * publishing of a cycle's results to applicants as a planned act. A publisher (the
 * `results.publish` permission) plans a release, now or at a Beijing time, after seeing how many
 * applicants get which outcome and five sample records; a second publisher confirms it. Before the
 * moment nothing leaves the server (the release switch is off; every page, call, PDF and menu reads
 * it fresh); at the moment, all of it appears. Only a publisher withdraws a release, with a reason,
 * and is shown the applicants who had already seen it.
 */
import type { CampResultView } from '../summer-camp/qualification';
import type { TmsInterviewOutcome } from '../tuimian/interview';
import { z } from 'zod';
import { ADMISSION_AREAS } from '../areas';
import type { ScoreKind, TicketKind } from '../doctor/journey';
import type { ResultStage, ReviewResultView, ScoreResultView, TicketResultView } from '../doctor/results';
import { choice, requiredText, typeError, V } from './common';
import { recordIdField as id } from './staff-file';

const area = choice(ADMISSION_AREAS);
const year = z.string({ error: typeError }).regex(/^\d{4}$/, { error: V.format });
const release = z.string({ error: typeError }).regex(/^[A-Za-z]{1,40}$/, { error: V.format });

/** The plan's state: asked for by one publisher, confirmed by another and waiting for its time. */
export const RELEASE_PLAN_STATES = ['awaiting', 'scheduled'] as const;
export type ReleasePlanState = (typeof RELEASE_PLAN_STATES)[number];

export interface ReleasePlanView {
  planId: number;
  /** When it goes out (ISO); null: as soon as it is confirmed. */
  at: string | null;
  state: ReleasePlanState;
  plannedBy: { loginName: string; name: string };
  plannedAt: string;
  confirmedBy: { loginName: string; name: string } | null;
  /** The caller planned it: they may cancel it, not confirm it. */
  mine: boolean;
}

export interface ReleaseRow {
  release: string;
  published: boolean;
  /** When it was last published, if it is. */
  publishedAt: string | null;
  plan: ReleasePlanView | null;
  /**
   * The "your result is out" mails of this result, as the outbox has sent them: written with the
   * release, sent in the background, refused ones tried again for hours. Null: none was ever written.
   */
  notices: ReleaseNoticeProgress | null;
}

export interface ReleaseNoticeProgress {
  sent: number;
  /** Waiting for their first try or for another after the mail server refused them. */
  waiting: number;
  /** Given up after every try (the address is wrong or the mailbox is gone). */
  failed: number;
}

/** POST /mucgrs-service/staff/releases/list */
export const releaseListRequest = z.object({ area, recruitYear: year.optional() }).strict();
export type ReleaseListRequest = z.input<typeof releaseListRequest>;
export interface ReleaseListView {
  area: string;
  recruitYear: string;
  /** Whether the caller holds the publish permission (the page offers the acts only then). */
  mayPublish: boolean;
  releases: ReleaseRow[];
}

/** POST /mucgrs-service/staff/releases/preview: what applicants would see. */
export const releasePreviewRequest = z.object({ area, recruitYear: year, release }).strict();
export type ReleasePreviewRequest = z.input<typeof releasePreviewRequest>;
export interface ReleasePreviewView {
  /** Applicants of the cycle with each outcome, e.g. pass 120, fail 30, none 4 (no decision, ticket or score yet). */
  outcomes: { outcome: string; count: number }[];
  /** Five records as applicants would read them (the name masked). */
  samples: { applicantNumber: string; name: string; outcome: string }[];
}

/** POST /mucgrs-service/staff/releases/plan: `at` an ISO time with its zone, in the future; absent: on confirmation. */
export const planReleaseRequest = z
  .object({
    area,
    recruitYear: year,
    release,
    at: z
      .string({ error: typeError })
      .refine((v) => /[zZ]|[+-]\d{2}:\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)), { error: V.format })
      .optional(),
  })
  .strict();
export type PlanReleaseRequest = z.input<typeof planReleaseRequest>;

/** POST /mucgrs-service/staff/releases/confirm: by a publisher other than the one who planned it. */
export const confirmReleaseRequest = z.object({ planId: id }).strict();
export type ConfirmReleaseRequest = z.input<typeof confirmReleaseRequest>;
export interface ReleaseConfirmedView {
  /** Published at once (true), or waiting for its time. */
  published: boolean;
  at: string | null;
}

/** POST /mucgrs-service/staff/releases/cancel: a plan not yet out, with a reason. */
export const cancelReleaseRequest = z.object({ planId: id, reason: requiredText(200) }).strict();
export type CancelReleaseRequest = z.input<typeof cancelReleaseRequest>;

/** POST /mucgrs-service/staff/releases/withdraw: a published result taken back, with a reason. */
export const withdrawReleaseRequest = z.object({ area, recruitYear: year, release, reason: requiredText(200) }).strict();
export type WithdrawReleaseRequest = z.input<typeof withdrawReleaseRequest>;
export interface ReleaseWithdrawnView {
  /** The applicants who had already opened it, first sight first. */
  seenBy: { applicantNumber: string; name: string; firstSeenAt: string }[];
}

/**
 * POST /mucgrs-service/staff/releases/viewAs: one applicant's page for the result as they would read
 * it once it is released, whether or not it is (the office's preview; nothing is shown to them).
 */
export const viewAsApplicantRequest = z.object({ area, recruitYear: year, release, applicantNumber: requiredText(20) }).strict();
export type ViewAsApplicantRequest = z.input<typeof viewAsApplicantRequest>;
export type ResultAsReleased =
  | { kind: 'review'; stage: ResultStage; view: ReviewResultView }
  | { kind: 'ticket'; ticketKind: TicketKind; view: TicketResultView }
  | { kind: 'score'; scoreKind: ScoreKind; view: ScoreResultView }
  /** A camper's camp result (the summer-camp cycle); null when none was recorded. */
  | { kind: 'campResult'; view: CampResultView | null }
  /** A tuimian interviewee's interview result (the tms cycle); null when none was recorded. */
  | { kind: 'tmsInterview'; outcome: TmsInterviewOutcome | null };
export interface ViewAsApplicantView {
  applicantNumber: string;
  name: string;
  result: ResultAsReleased;
}
