import { decimalOf, ReplyCode, sheetMaximum, type SaveSheetRequest, type ScoreSheetView, type SheetItem } from '@gradus/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { staffAudit } from '../admissions/staff-audit';
import type { ReviewCycle } from './cycle';

/** Whether any expert (or interview panel member) has scored an application of the programme in this stage: then its sheet is fixed. */
async function sheetInUse(db: DB, cycle: ReviewCycle, programmeId: number): Promise<boolean> {
  const [expert, panel] = await Promise.all([
    db
      .selectFrom('expert_score as s')
      .innerJoin('application_form as f', (join) =>
        join.onRef('f.user_id', '=', 's.applicant_user_id').onRef('f.recruit_year', '=', 's.recruit_year').onRef('f.area', '=', 's.area'),
      )
      .select('s.id')
      .where('s.area', '=', cycle.area)
      .where('s.recruit_year', '=', cycle.recruitYear)
      .where('s.stage', '=', cycle.stage)
      .where('f.programme_id', '=', programmeId)
      .limit(1)
      .executeTakeFirst(),
    // Interview sessions score on their programme's sheet of their kind (the stage).
    db
      .selectFrom('interview_score as s')
      .innerJoin('interview_session as i', 'i.id', 's.session_id')
      .select('s.id')
      .where('i.area', '=', cycle.area)
      .where('i.recruit_year', '=', cycle.recruitYear)
      .where('i.kind', '=', cycle.stage)
      .where('i.programme_id', '=', programmeId)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return Boolean(expert ?? panel);
}

export async function scoreSheet(db: DB, cycle: ReviewCycle, programmeId: number): Promise<ScoreSheetView | null> {
  const [row, inUse] = await Promise.all([
    db
      .selectFrom('score_sheet')
      .select(['items_json', 'version'])
      .where('area', '=', cycle.area)
      .where('recruit_year', '=', cycle.recruitYear)
      .where('stage', '=', cycle.stage)
      .where('programme_id', '=', programmeId)
      .executeTakeFirst(),
    sheetInUse(db, cycle, programmeId),
  ]);
  if (!row) return null;
  const items = JSON.parse(row.items_json) as SheetItem[];
  return { programmeId, stage: cycle.stage, items, maximum: decimalOf(Math.round(sheetMaximum(items) / 100)), version: row.version, inUse };
}

/**
 * Writes a programme's sheet. Refused once scoring has started on it (scores already given would
 * no longer add up), and when someone saved it since the office loaded it.
 */
export async function saveScoreSheet(db: DB, now: number, cycle: ReviewCycle, input: Omit<SaveSheetRequest, 'stage'>, by: number | null): Promise<ScoreSheetView> {
  const current = await scoreSheet(db, cycle, input.programmeId);
  if (current?.inUse || (!current && (await sheetInUse(db, cycle, input.programmeId)))) throw new AppError(ReplyCode.CONFLICT, 'review.sheetInUse');
  if ((current?.version ?? 0) !== input.version) throw new AppError(ReplyCode.CONFLICT, 'review.sheetStale');
  const items: SheetItem[] = input.items.map((i) => ({ key: i.key, nameZh: i.nameZh, nameEn: i.nameEn, max: i.max, ...(i.min ? { min: i.min } : {}), weight: i.weight }));
  const values = { items_json: JSON.stringify(items), version: input.version + 1, updated_by: by, updated_at: now };
  if (current) {
    const updated = await db
      .updateTable('score_sheet')
      .set(values)
      .where('area', '=', cycle.area)
      .where('recruit_year', '=', cycle.recruitYear)
      .where('stage', '=', cycle.stage)
      .where('programme_id', '=', input.programmeId)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'review.sheetStale');
  } else {
    const inserted = await db
      .insertInto('score_sheet')
      .values({ area: cycle.area, recruit_year: cycle.recruitYear, stage: cycle.stage, programme_id: input.programmeId, ...values })
      .onConflict((oc) => oc.columns(['area', 'recruit_year', 'stage', 'programme_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new AppError(ReplyCode.CONFLICT, 'review.sheetStale');
  }
  await staffAudit(db, now, 'review.sheet', { staffUserId: by }, { detail: { ...cycle, programmeId: input.programmeId, version: values.version, items } });
  return (await scoreSheet(db, cycle, input.programmeId))!;
}
