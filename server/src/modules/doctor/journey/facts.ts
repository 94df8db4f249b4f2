import { admissionKindApplies, DOCTOR_AREA, ID_PHOTO_CATEGORY, TICKET_PREREQUISITE, ticketRelease, type DoctorStage, type Release, type ReviewOutcome, type ReviewStage, type ScoreKind, type TicketKind } from '@gradus/contract';
import { sql } from 'kysely';
import type { DB } from '../../../db/database';
import { param, perDatabase, prepareQuery } from '../../../db/prepared';
import { areaValues } from '../../system-config/area-values';
import { cycleOf, releasedOf, windowsOf, type StageWindow } from './releases';

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

type Applicant = { userId: number; recruitYear: string; registerType: number };

/** One row of the facts query: which fact (`what`), up to two words and a number. */
interface FactRow {
  what: 'form' | 'paid' | 'material' | 'decision' | 'ticket' | 'score' | 'archive';
  a: string | null;
  b: string | null;
  n: number | string | null;
}

/**
 * Every fact of the journey in ONE statement, compiled once (db/prepared.ts): the journey is what
 * every applicant opens first, and on release day a statement costs far more in its round trip and
 * its building than in its work (docs/performance.md, release day). Read fresh on every call.
 */
const factQuery = perDatabase((db: DB) =>
  prepareQuery<FactRow>(db, (d) => {
    const owner = sql`user_id = ${param(0)} and recruit_year = ${param(1)} and area = ${DOCTOR_AREA}`;
    return {
      compile: () =>
        sql<FactRow>`
          select 'form' as what, status as a, cast(null as text) as b, cast(null as bigint) as n from application_form where ${owner}
          union all select 'paid', status, null, null from payment_order where ${owner} and purpose = 'applicationFee' and status = 'paid'
          union all select 'material', category, status, id from application_material where ${owner}
          union all select 'decision', stage, outcome, null from review_decision where ${owner}
          union all select 'ticket', kind, null, ends_at from exam_ticket where ${owner}
          union all select 'score', kind, null, null from exam_score where ${owner}
          union all select 'archive', kind, null, null from admission_record where ${owner} and kind = ${param(2)}`.compile(d),
    };
  }),
);

function factRows(db: DB, applicant: Applicant): Promise<FactRow[]> {
  // A Hong Kong, Macao or Taiwan applicant has no personnel file: their paperwork is the notice's address.
  const paperwork = admissionKindApplies('archive', applicant.registerType) ? 'archive' : 'notice';
  return factQuery(db)(applicant.userId, applicant.recruitYear, paperwork);
}

/** The journey's facts, its cycle's stage windows and the materials held: one statement. */
export interface JourneyRead {
  facts: JourneyFacts;
  windows: Record<DoctorStage, StageWindow>;
  /** The category of each material the applicant holds, for what is still missing. */
  materialCategories: string[];
}

export async function journeyRead(db: DB, applicant: Applicant): Promise<JourneyRead> {
  const [rows, config] = await Promise.all([factRows(db, applicant), areaValues(db, cycleOf(applicant))]);
  const of = (what: FactRow['what']) => rows.filter((r) => r.what === what);
  const released = releasedOf(config, applicant.recruitYear);

  const publishedDecisions: JourneyFacts['decisions'] = {};
  for (const d of of('decision')) {
    if (released.has(d.a as Release)) publishedDecisions[d.a as ReviewStage] = d.b as ReviewOutcome;
  }
  const materials = of('material');
  // The latest photo counts (the highest id): a rejected one is followed by its replacement.
  const photo = materials.filter((m) => m.a === ID_PHOTO_CATEGORY).sort((x, y) => Number(y.n) - Number(x.n))[0]?.b;
  let photoState: JourneyFacts['photo'] = photo ? 'uploaded' : 'none';
  if (photo && released.has('photoReview') && (photo === 'approved' || photo === 'rejected')) photoState = photo;

  const facts: JourneyFacts = {
    form: (of('form')[0]?.a as JourneyFacts['form'] | undefined) ?? 'none',
    paid: of('paid').length > 0,
    photo: photoState,
    decisions: publishedDecisions,
    // The rule of results/service.ts: a ticket shows only with its own release, its prerequisite
    // review released and still a pass; otherwise the ticket would give that review away.
    tickets: new Map(
      of('ticket')
        .map((t) => [t.a as TicketKind, { endsAt: Number(t.n) }] as const)
        .filter(([k]) => released.has(ticketRelease(k)) && publishedDecisions[TICKET_PREREQUISITE[k]] === 'pass'),
    ),
    scores: new Set(of('score').map((s) => s.a as ScoreKind).filter((k) => released.has(`${k}Score` as Release))),
    archiveFilled: of('archive').length > 0,
    released,
  };
  return { facts, windows: windowsOf(config, applicant.recruitYear), materialCategories: materials.map((m) => m.a!) };
}

export async function journeyFacts(db: DB, applicant: Applicant): Promise<JourneyFacts> {
  return (await journeyRead(db, applicant)).facts;
}
