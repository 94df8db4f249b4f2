import { DOCTOR_AREA, RESULT_STAGES, REVIEW_OUTCOMES, SCORE_KINDS, TICKET_KINDS, type AssignTicketRequest, type DecideRequest, type SetScoreRequest } from '@gradus/contract';
import { authorizeOnApplicant } from '../../../cli/actor';
import { UsageError, applicantByNumber, option, optionalOption, type AdminCommand } from '../../../cli/args';
import { AppError } from '../../../lib/app-error';
import { describeIssues, InputError } from '../../../lib/validation';
import { translate } from '../../../locales';
import { assignTicket, decide, setScore } from '../results/staff';

/**
 * The services validate every field themselves (the casts below only hand them the raw text) and
 * refuse in the back office's words; here those refusals read as usage errors.
 */
async function asStaff<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof InputError) throw new UsageError(describeIssues('en', err.issues));
    if (err instanceof AppError) throw new UsageError(translate('en', err.messageKey, err.params));
    throw err;
  }
}

function detailOption(args: string[]): unknown {
  const raw = optionalOption(args, 'detail');
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new UsageError('--detail must be JSON, e.g. \'[{"item":"Examiner 1","score":"80","max":"100"}]\'');
  }
}

/** Staff-side commands of the doctoral results module; the back office will call the same services. */
export const resultsCommands: AdminCommand[] = [
  {
    name: 'decide',
    usage: `  decide --applicant <no> --stage <${RESULT_STAGES.join('|')}> --outcome <${REVIEW_OUTCOMES.join('|')}> [--reason "..."]
      Records a review decision (--reason is required for fail). Applicants see it once
      published with: release --what <stage>.`,
    async run(args, env) {
      const applicant = await applicantByNumber(env.db, args);
      const input = { stage: option(args, 'stage'), outcome: option(args, 'outcome'), reason: optionalOption(args, 'reason') };
      const who = await authorizeOnApplicant(env, applicant, 'review.decide', DOCTOR_AREA, input.stage);
      await asStaff(() => decide(env.db, env.now, applicant, input as DecideRequest, who.staff));
      return `${input.stage} of ${applicant.applicantNumber} (${applicant.name}): ${input.outcome}${input.reason ? ` - ${input.reason}` : ''}`;
    },
  },
  {
    name: 'assign-ticket',
    usage: `  assign-ticket --applicant <no> --kind <${TICKET_KINDS.join('|')}> --subject "..." --starts <ISO> --ends <ISO>
                --venue "..." --room "..." --seat "..." [--notes "..."]
      Assigns or rearranges an exam ticket (times with their zone, e.g. 2027-03-15T09:00:00+08:00).
      A language ticket needs a passed qualificationReview, an assessment ticket a passed
      assessmentQualification. Published with: release --what <languageTicket|assessmentTicket>.`,
    async run(args, env) {
      const applicant = await applicantByNumber(env.db, args);
      const input = {
        kind: option(args, 'kind'),
        subject: option(args, 'subject'),
        startsAt: option(args, 'starts'),
        endsAt: option(args, 'ends'),
        venue: option(args, 'venue'),
        room: option(args, 'room'),
        seat: option(args, 'seat'),
        notes: optionalOption(args, 'notes'),
      };
      const who = await authorizeOnApplicant(env, applicant, 'ticket.assign', DOCTOR_AREA);
      const { ticketNo } = await asStaff(() => assignTicket(env.db, env.now, applicant, input as AssignTicketRequest, who.staff));
      return `${input.kind} ticket of ${applicant.applicantNumber} (${applicant.name}): ${ticketNo}`;
    },
  },
  {
    name: 'set-score',
    usage: `  set-score --applicant <no> --kind <${SCORE_KINDS.join('|')}> --score <e.g. 78.5> --max <e.g. 100>
                [--detail '[{"item":"Examiner 1","score":"80","max":"100"}]'] [--remark "..."] [--reason "..."]
      Records or corrects a score (a correction needs --reason; each change is kept as a version).
      Published with: release --what <kind>Score.`,
    async run(args, env) {
      const applicant = await applicantByNumber(env.db, args);
      const input = {
        kind: option(args, 'kind'),
        score: option(args, 'score'),
        maxScore: option(args, 'max'),
        detail: detailOption(args),
        remark: optionalOption(args, 'remark'),
        reason: optionalOption(args, 'reason'),
      };
      const who = await authorizeOnApplicant(env, applicant, 'score.record', DOCTOR_AREA);
      await asStaff(() => setScore(env.db, env.now, applicant, input as SetScoreRequest, who.staff));
      return `${input.kind} score of ${applicant.applicantNumber} (${applicant.name}): ${input.score} / ${input.maxScore}`;
    },
  },
];
