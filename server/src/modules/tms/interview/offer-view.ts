import type { TmsNationalOfferState, TmsNationalOfferView } from '@gradus/contract';
import type { Selectable } from 'kysely';
import type { DB, TmsNationalOfferTable } from '../../../db/database';

/** The office's record of its offer in the national system, as read here (national-offer.ts writes it). */
export type OfferRow = Selectable<TmsNationalOfferTable>;
export type Who = { userId: number; recruitYear: string };

const iso = (ms: number) => new Date(Number(ms)).toISOString();

export function offerOf(db: DB, who: Who): Promise<OfferRow | undefined> {
  return db.selectFrom('tms_national_offer').selectAll().where('user_id', '=', who.userId).where('recruit_year', '=', who.recruitYear).executeTakeFirst();
}

export function offerView(row: OfferRow): TmsNationalOfferView {
  return {
    state: row.state as TmsNationalOfferState,
    sentAt: iso(row.sent_at),
    answeredAt: row.answered_at === null ? null : iso(row.answered_at),
    note: row.note,
    recordedAt: iso(row.recorded_at),
  };
}
