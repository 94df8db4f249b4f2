import {
  DOCTOR_STAGES,
  RESULT_STAGES,
  SCORE_KINDS,
  type ResultStage,
  type ScoreKind,
  type DoctorStage,
  type JourneyStageView,
  type JourneyView,
  type NextAction,
  type StageState,
} from '@gradus/contract';
import type { JourneyFacts } from './facts';
import { withinWindow, type StageWindow } from './releases';

/** The applicant's result page of each review stage and score (menu paths, contract/menus.ts). */
const RESULT_PAGE: Record<ResultStage, string> = {
  qualificationReview: '/partInfo/index4',
  languageReview: '/partInfo/index5',
  assessmentQualification: '/partInfo/index6',
  proposedAdmission: '/partInfo/index7',
};
const SCORE_PAGE: Record<ScoreKind, string> = {
  language: '/scoreQuery/showEnScore',
  material: '/scoreQuery/showMaterialScore',
  assessment: '/scoreQuery/showAssessmentScore',
  final: '/scoreQuery/showFinalScore',
};

/** Where each stage stands for the applicant. Pure: facts and windows in, timeline out. */
export function stageStates(facts: JourneyFacts, windows: Record<DoctorStage, StageWindow>, now: number): Record<DoctorStage, StageState> {
  const submitted = facts.form === 'submitted';
  const closed = (s: DoctorStage) => Boolean(windows[s].closesAt && now > Date.parse(windows[s].closesAt!));
  const decided = (s: 'photoReview' | 'qualificationReview' | 'languageReview' | 'assessmentQualification' | 'proposedAdmission'): StageState | null => {
    const outcome = facts.decisions[s];
    return outcome === 'pass' ? 'done' : outcome === 'fail' ? 'failed' : null;
  };
  const states = {} as Record<DoctorStage, StageState>;
  states.registration = 'done';
  states.formSubmitted = submitted ? 'done' : closed('formSubmitted') || closed('registration') ? 'failed' : 'current';
  states.feePaid = facts.paid ? 'done' : closed('feePaid') || closed('registration') ? 'failed' : 'current';
  states.photoReview = facts.photo === 'approved' ? 'done' : facts.photo === 'rejected' ? 'failed' : 'upcoming';
  states.qualificationReview = decided('qualificationReview') ?? 'upcoming';
  states.languageReview = decided('languageReview') ?? 'upcoming';
  states.assessmentQualification = decided('assessmentQualification') ?? 'upcoming';
  states.ticketsReleased = facts.tickets.size > 0 ? 'done' : 'upcoming';
  states.scoresReleased = facts.scores.size > 0 ? 'done' : 'upcoming';
  states.proposedAdmission = decided('proposedAdmission') ?? 'upcoming';
  states.admissionPaperwork = facts.archiveFilled ? 'done' : 'upcoming';

  // A failed review ends the road: later stages are not reached. A rejected photo can be replaced,
  // so it does not end it.
  let ended = false;
  for (const stage of DOCTOR_STAGES) {
    if (ended) states[stage] = 'notReached';
    else if (states[stage] === 'failed' && stage !== 'photoReview') ended = true;
  }
  // The first stage still waiting, after everything done so far, is where the applicant stands.
  const firstOpen = DOCTOR_STAGES.find((s) => states[s] === 'upcoming' || states[s] === 'current');
  if (firstOpen && states[firstOpen] === 'upcoming' && submitted && facts.paid) states[firstOpen] = 'current';
  return states;
}

export function nextStep(
  facts: JourneyFacts,
  windows: Record<DoctorStage, StageWindow>,
  now: number,
  missingRequiredMaterials: number,
): JourneyView['next'] {
  const step = (action: NextAction, route: string | null, deadline: string | null = null) => ({ action, route, deadline });
  const formDeadline = windows.formSubmitted.closesAt ?? windows.registration.closesAt;
  const formOpen = withinWindow(windows.registration, now) && withinWindow(windows.formSubmitted, now);

  if (facts.decisions.proposedAdmission === 'pass') {
    return facts.archiveFilled
      ? step('nothing', null)
      : step('fillAdmissionInfo', '/Admission/admissionInformation', windows.admissionPaperwork.closesAt);
  }
  // A published fail ends the road: say so and point at the reason, rather than "under review".
  const failed = RESULT_STAGES.find((s) => facts.decisions[s] === 'fail');
  if (failed) return step('notPassed', RESULT_PAGE[failed]);
  if (facts.photo === 'rejected') return step('replacePhoto', '/doctorRegister/fileManage', windows.photoReview.closesAt);
  if (facts.form !== 'submitted') {
    if (!formOpen) return step('registrationClosed', null);
    if (facts.form === 'returned') return step('fixReturnedForm', '/doctorRegister/doctorRegisterApply', formDeadline);
    if (facts.form === 'none') return step('fillForm', '/doctorRegister/doctorRegisterApply', formDeadline);
    if (missingRequiredMaterials > 0) return step('uploadMaterials', '/doctorRegister/fileManage', formDeadline);
    if (!facts.paid) return step('payFee', '/payManage/pay', windows.feePaid.closesAt ?? formDeadline);
    return step('submitForm', '/doctorRegister/doctorRegisterApply', formDeadline);
  }
  if (!facts.paid) return step('payFee', '/payManage/pay', windows.feePaid.closesAt ?? formDeadline);
  // A ticket is worth printing only until its exam is over.
  const printable = (kind: 'language' | 'assessment') => {
    const ticket = facts.tickets.get(kind);
    return ticket !== undefined && now < ticket.endsAt;
  };
  if (printable('assessment')) return step('printAssessmentTicket', '/print/index9', windows.ticketsReleased.closesAt);
  if (printable('language')) return step('printLanguageTicket', '/print/index8', windows.ticketsReleased.closesAt);
  // The latest score published, not the final one, which may still be hidden.
  const latestScore = [...SCORE_KINDS].reverse().find((k) => facts.scores.has(k));
  if (latestScore) return step('checkScores', SCORE_PAGE[latestScore], null);
  return step('waitForReview', null);
}

export function timeline(
  facts: JourneyFacts,
  windows: Record<DoctorStage, StageWindow>,
  now: number,
  missingRequiredMaterials: number,
): JourneyView {
  const states = stageStates(facts, windows, now);
  const stages: JourneyStageView[] = DOCTOR_STAGES.map((stage) => ({ stage, ...windows[stage], state: states[stage] }));
  const current =
    DOCTOR_STAGES.find((s) => states[s] === 'current') ??
    DOCTOR_STAGES.find((s) => states[s] === 'failed') ??
    [...DOCTOR_STAGES].reverse().find((s) => states[s] === 'done') ??
    'registration';
  return { stages, current, next: nextStep(facts, windows, now, missingRequiredMaterials) };
}
