import { DOCTOR_AREA, DEFAULT_CORRECTION_DAYS, FORM_SECTIONS } from '@gradus/contract';
import { authorizeOnApplicant } from '../../../cli/actor';
import { UsageError, applicantByNumber, oneOf, option, optionalOption, type AdminCommand } from '../../../cli/args';
import { AppError } from '../../../lib/app-error';
import { describeIssues, InputError } from '../../../lib/validation';
import { translate } from '../../../locales';
import { returnForm } from '../form/staff';

/** Staff-side commands of the doctoral form module; the back office will call the same services. */
export const formCommands: AdminCommand[] = [
  {
    name: 'return-form',
    usage: `  return-form --applicant <number> --sections <${FORM_SECTIONS.join(',')}> --reason <text> [--until <ISO date>]
      Returns a submitted form for corrections, reopening exactly the named sections (comma-separated),
      until the given deadline (default ${DEFAULT_CORRECTION_DAYS} days from now), even after registration has closed.`,
    async run(args, env) {
      const applicant = await applicantByNumber(env.db, args);
      const sections = option(args, 'sections')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => oneOf(s, FORM_SECTIONS, '--sections'));
      const reason = option(args, 'reason');
      const until = optionalOption(args, 'until');
      const who = await authorizeOnApplicant(env, applicant, 'application.return', DOCTOR_AREA);
      try {
        const r = await returnForm(env.db, env.now, { userId: applicant.userId, recruitYear: applicant.recruitYear, returnedBy: who.staff.staffUserId, subject: applicant.applicantNumber, sections, reason, ...(until ? { until } : {}) });
        return `form of ${applicant.applicantNumber} (${applicant.name}) returned; reopened: ${r.reopenedSections.join(', ')}; correct by ${new Date(r.returnedUntil).toISOString()}`;
      } catch (err) {
        // The service speaks to the back office in translated messages; the CLI says the same in English.
        if (err instanceof InputError) throw new UsageError(describeIssues('en', err.issues));
        if (err instanceof AppError) throw new UsageError(translate('en', err.messageKey, err.params));
        throw err;
      }
    },
  },
];
