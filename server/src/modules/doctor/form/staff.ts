import { DEFAULT_CORRECTION_DAYS, ReplyCode, returnFormInput, type FormSection, type ReturnFormInput } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { parseInput } from '../../../lib/validation';
import { audit } from '../../audit/service';
import { findForm } from './repo';

const DAY_MS = 86_400_000;

/**
 * Staff side of the form, called by the admin CLI now and the back office later.
 *
 * Returning reopens exactly the named sections of a submitted form with the reviewer's reason and
 * a correction deadline (by default a week); until then the applicant corrects those and submits
 * again, whether or not registration is still open. The version moves on, so a window still
 * showing the submitted form cannot save over the return.
 */
export async function returnForm(
  db: DB,
  now: number,
  input: {
    userId: number;
    recruitYear: string;
    /** The staff member returning it; the CLI has none. */
    returnedBy?: number | null;
    /** The applicant's number, which names the record in the audit table (the file's history). */
    subject?: string | null;
  } & ReturnFormInput,
): Promise<{ version: number; reopenedSections: FormSection[]; returnedAt: number; returnedUntil: number }> {
  const { sections, reason, until } = parseInput(returnFormInput, { sections: input.sections, reason: input.reason, until: input.until });
  const returnedUntil = until ? Date.parse(until) : now + DEFAULT_CORRECTION_DAYS * DAY_MS;
  if (returnedUntil <= now) throw new AppError(ReplyCode.BAD_INPUT, 'form.error.deadlinePassed');
  return db.transaction().execute(async (trx) => {
    const row = await findForm(trx, input);
    if (!row) throw new AppError(ReplyCode.NOT_FOUND, 'form.error.noForm');
    if (row.status !== 'submitted') throw new AppError(ReplyCode.CONFLICT, 'form.error.notSubmitted');
    const result = await trx
      .updateTable('application_form')
      .set({ status: 'returned', reopened_sections: JSON.stringify(sections), return_reason: reason, returned_until: returnedUntil, version: row.version + 1 })
      .where('id', '=', row.id)
      .where('version', '=', row.version)
      .where('status', '=', 'submitted')
      .executeTakeFirst();
    // The applicant cannot change a submitted form, so only a second reviewer racing lands here.
    if (Number(result.numUpdatedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'form.error.staleVersion');
    await audit(trx, now, 'form.return', {
      userId: input.returnedBy ?? null,
      subject: input.subject ?? null,
      detail: { applicantUserId: input.userId, recruitYear: input.recruitYear, sections, reason, returnedUntil: new Date(returnedUntil).toISOString() },
    });
    return { version: row.version + 1, reopenedSections: sections, returnedAt: now, returnedUntil };
  });
}
