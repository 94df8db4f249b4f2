import type { ScoreSource } from '@gradus/contract';
import type { DB } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { InputError } from '../../lib/validation';

/**
 * The one way a score changes, whoever changes it (the grid, a file, the final score's weights,
 * `npm run admin -- set-score`): the current value in exam_score and, in the same transaction, a
 * version naming the value it replaced, who, when, why and how. Recording the value already there
 * changes nothing and writes no version, so importing a file twice is the same as once. Changing a
 * recorded value needs a reason.
 */
export interface ScoreChange {
  userId: number;
  recruitYear: string;
  area: string;
  kind: string;
  scoreHundredths: number;
  maxHundredths: number;
  reason: string | null;
  source: ScoreSource;
  /** The staff account; null: the portal itself (the demo). */
  by: number | null;
  /** The breakdown and remark the applicant reads (the command sets them; the back office keeps them). */
  shown?: { detailJson: string; remark: string };
}

/** What is recorded now, if anything (read before the change, or preloaded for a whole file). */
export interface CurrentScore {
  score_hundredths: number;
  max_score_hundredths: number;
}

export const reasonRequired = (): InputError => new InputError([{ code: 'custom', path: ['reason'], message: 'scores.reasonRequired', input: undefined }]);

/** Whether the change would change the value (or full marks) recorded. */
export const changes = (current: CurrentScore | undefined, c: Pick<ScoreChange, 'scoreHundredths' | 'maxHundredths'>): boolean =>
  !current || Number(current.score_hundredths) !== c.scoreHundredths || Number(current.max_score_hundredths) !== c.maxHundredths;

/** Records one score; true when it changed (a version was written). */
export async function recordScore(db: DB, now: number, change: ScoreChange): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('exam_score')
      .select(['score_hundredths', 'max_score_hundredths'])
      .where('user_id', '=', change.userId)
      .where('recruit_year', '=', change.recruitYear)
      .where('area', '=', change.area)
      .where('kind', '=', change.kind)
      .executeTakeFirst();
    return writeScore(trx, now, change, current);
  });
}

/** Records one score against what the caller read as current (inside the caller's transaction). */
export async function writeScore(db: DB, now: number, change: ScoreChange, current: CurrentScore | undefined): Promise<boolean> {
  const changed = changes(current, change);
  if (current && changed && !change.reason) throw reasonRequired();
  const owner = { user_id: change.userId, recruit_year: change.recruitYear, area: change.area, kind: change.kind };
  if (!current) {
    await db
      .insertInto('exam_score')
      .values({ ...owner, score_hundredths: change.scoreHundredths, max_score_hundredths: change.maxHundredths, detail_json: change.shown?.detailJson ?? '[]', remark: change.shown?.remark ?? '', recorded_at: now })
      .execute();
  } else if (changed || change.shown) {
    await db
      .updateTable('exam_score')
      .set({
        score_hundredths: change.scoreHundredths,
        max_score_hundredths: change.maxHundredths,
        ...(change.shown ? { detail_json: change.shown.detailJson, remark: change.shown.remark } : {}),
        ...(changed ? { recorded_at: now } : {}),
      })
      .where('user_id', '=', change.userId)
      .where('recruit_year', '=', change.recruitYear)
      .where('area', '=', change.area)
      .where('kind', '=', change.kind)
      .execute();
  }
  if (changed) {
    await db
      .insertInto('exam_score_version')
      .values({
        ...owner,
        score_hundredths: change.scoreHundredths,
        max_score_hundredths: change.maxHundredths,
        previous_hundredths: current ? Number(current.score_hundredths) : null,
        reason: change.reason,
        source: change.source,
        recorded_by: change.by,
        recorded_at: now,
      })
      .execute();
  }
  return changed;
}
