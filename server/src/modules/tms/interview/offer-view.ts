import type { TmsNationalOfferState, TmsNationalOfferView } from '@gradus/contract';
import type { Selectable } from 'kysely';
import type { DB, TmsNationalOfferTable } from '../../../db/database';
import { isoOrNull } from '../../application-form/repo';

/** The office's record of its offer in the national system, as read here (national-offer.ts writes it). */
export type OfferRow = Selectable<TmsNationalOfferTable>;
export type Who = { userId: number; recruitYear: string };

export function offerOf(db: DB, who: Who): Promise<OfferRow | undefined> {
  return db.selectFrom('tms_national_offer').selectAll().where('user_id', '=', who.userId).where('recruit_year', '=', who.recruitYear).executeTakeFirst();
}

export function offerView(row: OfferRow): TmsNationalOfferView {
  return {
    state: row.state as TmsNationalOfferState,
    sentAt: isoOrNull(row.sent_at)!,
    answeredAt: isoOrNull(row.answered_at),
    note: row.note,
    recordedAt: isoOrNull(row.recorded_at)!,
  };
}
