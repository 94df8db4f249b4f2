import { DOCTOR_AREA, POSTED_KINDS, isTrackingNumber } from '@gradus/contract';
import { authorizeOnApplicant } from '../../../cli/actor';
import { UsageError, applicantByNumber, oneOf, option, type AdminCommand } from '../../../cli/args';
import { AppError } from '../../../lib/app-error';
import { translate } from '../../../locales';
import { setTrackingNumber } from '../admission/staff';

/** Staff-side commands of the doctoral admission module; the back office will call the same services. */
export const admissionCommands: AdminCommand[] = [
  {
    name: 'set-tracking',
    usage: `  set-tracking --applicant <no> --kind <${POSTED_KINDS.join('|')}> --number <tracking no>
      Records the postal tracking number of the admission notice or the paper file-transfer letter
      (8 to 30 letters or digits); the applicant sees it, and that address can no longer be edited.`,
    async run(args, env) {
      const kind = oneOf(option(args, 'kind'), POSTED_KINDS, '--kind');
      const number = option(args, 'number');
      if (!isTrackingNumber(number)) throw new UsageError('--number: a tracking number is 8 to 30 letters or digits');
      const applicant = await applicantByNumber(env.db, args);
      const who = await authorizeOnApplicant(env, applicant, 'admission.post', DOCTOR_AREA);
      try {
        const { trackingNumber } = await setTrackingNumber(env.db, env.now, { userId: applicant.userId, recruitYear: applicant.recruitYear, kind, trackingNumber: number, applicantNumber: applicant.applicantNumber }, who.staff);
        return `${applicant.applicantNumber} ${applicant.name}: ${kind} posted, tracking number ${trackingNumber}`;
      } catch (err) {
        if (err instanceof AppError) throw new UsageError(`${applicant.applicantNumber}: ${translate('en', err.messageKey)}`);
        throw err;
      }
    },
  },
];
