import { ReplyCode, returnFormInput, type FormSection, type ReturnFormInput } from '@gradus/contract';
import type { DB } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { parseInput } from '../../../lib/validation';
import { findForm } from './repo';

/**
 * Staff side of the form, called by the admin CLI now and the back office later.
 *
 * Returning reopens exactly the named sections of a submitted form with the reviewer's reason; the
 * applicant corrects those and submits again. The version moves on, so a window still showing the
 * submitted form cannot save over the return.
 */
export async function returnForm(
  db: DB,
  now: number,
  input: { userId: number; recruitYear: string } & ReturnFormInput,
): Promise<{ version: number; reopenedSections: FormSection[]; returnedAt: number }> {
  const { sections, reason } = parseInput(returnFormInput, { sections: input.sections, reason: input.reason });
  const row = await findForm(db, input);
  if (!row) throw new AppError(ReplyCode.NOT_FOUND, 'form.error.noForm');
  if (row.status !== 'submitted') throw new AppError(ReplyCode.CONFLICT, 'form.error.notSubmitted');
  const result = await db
    .updateTable('application_form')
    .set({ status: 'returned', reopened_sections: JSON.stringify(sections), return_reason: reason, version: row.version + 1 })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  // The applicant cannot change a submitted form, so only a second reviewer racing lands here.
  if (Number(result.numUpdatedRows) !== 1) throw new AppError(ReplyCode.CONFLICT, 'form.error.staleVersion');
  return { version: row.version + 1, reopenedSections: sections, returnedAt: now };
}
