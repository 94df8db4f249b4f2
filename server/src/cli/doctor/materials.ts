import { PHOTO_OUTCOMES } from '@gradus/contract';
import { AppError } from '../../lib/app-error';
import { translate } from '../../locales';
import { reviewPhoto } from '../../modules/doctor/materials/staff';
import { UsageError, applicantByNumber, oneOf, option, optionalOption, type AdminCommand } from '../args';

/** Staff-side commands of the doctoral materials module; the back office will call the same services. */
export const materialsCommands: AdminCommand[] = [
  {
    name: 'review-photo',
    usage: `  review-photo --applicant <no> --outcome <${PHOTO_OUTCOMES.join('|')}> [--reason "..."]
      Decides on the applicant's current ID photo (--reason is required to reject). Applicants see
      the result once it is published with: release --what photoReview.`,
    async run(args, env) {
      const applicant = await applicantByNumber(env.db, args);
      const outcome = oneOf(option(args, 'outcome'), PHOTO_OUTCOMES, '--outcome');
      const reason = optionalOption(args, 'reason');
      if (outcome === 'rejected' && !reason?.trim()) throw new UsageError('--reason is required with --outcome rejected');
      try {
        const result = await reviewPhoto(env.db, env.now, { userId: applicant.userId, recruitYear: applicant.recruitYear, outcome, reason: reason ?? null });
        return `photo of ${applicant.applicantNumber} (${applicant.name}): ${result.status}${result.reason ? ` - ${result.reason}` : ''}`;
      } catch (err) {
        // The service's refusals (no photo, reason too long) read as usage errors here.
        if (err instanceof AppError) throw new UsageError(translate('en', err.messageKey, err.params));
        throw err;
      }
    },
  },
];
