import { DEFAULT_CORRECTION_DAYS, ReplyCode, staffReturnInput, V, type StaffReturnInput } from '@gradus/contract';
import type { DB } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { InputError, parseInput } from '../../lib/validation';
import { audit } from '../audit/service';
import type { FormDefinition } from './definition';
import { findForm } from './repo';

const DAY_MS = 86_400_000;

/**
 * Staff side of any area's form: the back office and the admin CLI return a form with this.
 *
 * Returning reopens exactly the named sections of a submitted form with the reviewer's reason and
 * a correction deadline (by default a week); until then the applicant corrects those and submits
 * again, whether or not registration is still open. The version moves on, so a window still
 * showing the submitted form cannot save over the return.
 */
export async function returnForm<S extends string>(
  def: FormDefinition<S>,
  db: DB,
  now: number,
  input: {
    userId: number;
    recruitYear: string;
    /** The staff member returning it; the CLI has none. */
    returnedBy?: number | null;
    /** The applicant's number, which names the record in the audit table (the file's history). */
    subject?: string | null;
  } & StaffReturnInput,
): Promise<{ version: number; reopenedSections: S[]; returnedAt: number; returnedUntil: number }> {
  const parsed = parseInput(staffReturnInput, { sections: input.sections, reason: input.reason, until: input.until });
  const { reason, until } = parsed;
  // A section of another area's form (a camp form has no "family") is as unknown as a made-up one.
  const foreign = parsed.sections.findIndex((s) => !(def.sections as readonly string[]).includes(s));
  if (foreign >= 0) throw new InputError([{ code: 'custom', path: ['sections', foreign], message: V.invalidChoice, input: parsed.sections[foreign] }]);
  const sections = parsed.sections as S[];
  const returnedUntil = until ? Date.parse(until) : now + DEFAULT_CORRECTION_DAYS * DAY_MS;
  if (returnedUntil <= now) throw new AppError(ReplyCode.BAD_INPUT, 'form.error.deadlinePassed');
  return inTransaction(db, async (trx) => {
    const row = await findForm(trx, def.area, input);
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
