import { admissionKindApplies, DOCTOR_AREA, ID_PHOTO_CATEGORY, TICKET_PREREQUISITE, ticketRelease, type Release, type ReviewOutcome, type ReviewStage, type ScoreKind, type TicketKind } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { cycleOf, releasedSet } from './releases';

/**
 * What the portal knows of one applicant's cycle, with every staff result already filtered by
 * its release switch: code that reads these facts cannot leak an unpublished result.
 */
export interface JourneyFacts {
  form: 'none' | 'draft' | 'submitted' | 'returned';
  paid: boolean;
  /** The latest ID photo's review, as far as published ('uploaded' until then). */
  photo: 'none' | 'uploaded' | 'approved' | 'rejected';
  decisions: Partial<Record<ReviewStage, ReviewOutcome>>;
  /** Tickets the applicant may see, with when their exam ends (epoch ms). */
  tickets: Map<TicketKind, { endsAt: number }>;
  scores: Set<ScoreKind>;
  archiveFilled: boolean;
  released: Set<Release>;
}

export async function journeyFacts(db: DB, applicant: { userId: number; recruitYear: string; registerType: number }): Promise<JourneyFacts> {
  const { userId, recruitYear } = applicant;
  const [released, form, order, photo, decisions, tickets, scores, archive] = await Promise.all([
    releasedSet(db, cycleOf(applicant), recruitYear),
    db.selectFrom('application_form').select('status').where('user_id', '=', userId).where('recruit_year', '=', recruitYear).where('area', '=', DOCTOR_AREA).executeTakeFirst(),
    db
      .selectFrom('payment_order')
      .select('status')
      .where('user_id', '=', userId)
      .where('recruit_year', '=', recruitYear)
      .where('area', '=', DOCTOR_AREA)
      .where('purpose', '=', 'applicationFee')
      .where('status', '=', 'paid')
      .executeTakeFirst(),
    db
      .selectFrom('application_material')
      .select('status')
      .where('user_id', '=', userId)
      .where('recruit_year', '=', recruitYear)
      .where('area', '=', DOCTOR_AREA)
      .where('category', '=', ID_PHOTO_CATEGORY)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
    db.selectFrom('review_decision').select(['stage', 'outcome']).where('user_id', '=', userId).where('recruit_year', '=', recruitYear).where('area', '=', DOCTOR_AREA).execute(),
    db.selectFrom('exam_ticket').select(['kind', 'ends_at']).where('user_id', '=', userId).where('recruit_year', '=', recruitYear).where('area', '=', DOCTOR_AREA).execute(),
    db.selectFrom('exam_score').select('kind').where('user_id', '=', userId).where('recruit_year', '=', recruitYear).where('area', '=', DOCTOR_AREA).execute(),
    db
      .selectFrom('admission_record')
      .select('id')
      .where('user_id', '=', userId)
      .where('recruit_year', '=', recruitYear)
      .where('area', '=', DOCTOR_AREA)
      // A Hong Kong, Macao or Taiwan applicant has no personnel file: their paperwork is the notice's address.
      .where('kind', '=', admissionKindApplies('archive', applicant.registerType) ? 'archive' : 'notice')
      .executeTakeFirst(),
  ]);

  const publishedDecisions: JourneyFacts['decisions'] = {};
  for (const d of decisions) {
    if (released.has(d.stage as Release)) publishedDecisions[d.stage as ReviewStage] = d.outcome as ReviewOutcome;
  }
  let photoState: JourneyFacts['photo'] = photo ? 'uploaded' : 'none';
  if (photo && released.has('photoReview') && (photo.status === 'approved' || photo.status === 'rejected')) photoState = photo.status;

  return {
    form: (form?.status as JourneyFacts['form'] | undefined) ?? 'none',
    paid: Boolean(order),
    photo: photoState,
    decisions: publishedDecisions,
    // The rule of results/service.ts: a ticket shows only with its own release, its prerequisite
    // review released and still a pass; otherwise the ticket would give that review away.
    tickets: new Map(
      tickets
        .map((t) => [t.kind as TicketKind, { endsAt: Number(t.ends_at) }] as const)
        .filter(([k]) => released.has(ticketRelease(k)) && publishedDecisions[TICKET_PREREQUISITE[k]] === 'pass'),
    ),
    scores: new Set(scores.map((s) => s.kind as ScoreKind).filter((k) => released.has(`${k}Score` as Release))),
    archiveFilled: Boolean(archive),
    released,
  };
}
