import { DOCTOR_AREA, PHOTO_OUTCOMES } from '@gradus/contract';
import { authorizeOnApplicant } from '../../../cli/actor';
import { UsageError, applicantByNumber, oneOf, option, optionalOption, type AdminCommand } from '../../../cli/args';
import { AppError } from '../../../lib/app-error';
import { translate } from '../../../locales';
import { currentPhotoId, reviewPhoto } from '../materials/staff';

/** Staff-side commands of the doctoral materials module; the back office will call the same services. */
export const materialsCommands: AdminCommand[] = [
  {
    name: 'review-photo',
    usage: `  review-photo --applicant <no> --outcome <${PHOTO_OUTCOMES.join('|')}> [--reason "..."] [--photo <material id>]
      Decides on the applicant's current ID photo, or on the one --photo names (--reason is required
      to reject). A photo replaced or already decided meanwhile is refused. Applicants see the
      result once it is published with: release --what photoReview.`,
    async run(args, env) {
      const applicant = await applicantByNumber(env.db, args);
      const outcome = oneOf(option(args, 'outcome'), PHOTO_OUTCOMES, '--outcome');
      const reason = optionalOption(args, 'reason');
      if (outcome === 'rejected' && !reason?.trim()) throw new UsageError('--reason is required with --outcome rejected');
      const named = optionalOption(args, 'photo');
      if (named !== undefined && !/^[1-9]\d{0,9}$/.test(named)) throw new UsageError('--photo must be a material id (a positive whole number)');
      const who = await authorizeOnApplicant(env, applicant, 'photo.review', DOCTOR_AREA);
      try {
        // The id is fixed before deciding, so the decision can only land on the photo resolved here.
        const materialId = named !== undefined ? Number(named) : await currentPhotoId(env.db, applicant);
        if (named !== undefined && materialId !== (await currentPhotoId(env.db, applicant))) {
          throw new UsageError(`photo ${materialId} is not the current ID photo of ${applicant.applicantNumber}`);
        }
        const result = await reviewPhoto(env.db, env.now, { materialId, outcome, reason: reason ?? null }, who.staff);
        return `photo of ${applicant.applicantNumber} (${applicant.name}): ${result.status}${result.reason ? ` - ${result.reason}` : ''}`;
      } catch (err) {
        // The service's refusals (no photo, reason too long) read as usage errors here.
        if (err instanceof AppError) throw new UsageError(translate('en', err.messageKey, err.params));
        throw err;
      }
    },
  },
];
