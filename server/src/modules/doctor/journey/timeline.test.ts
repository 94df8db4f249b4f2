import { describe, expect, it } from 'vitest';
import { DOCTOR_STAGES, type DoctorStage, type ScoreKind } from '@gradus/contract';
import type { JourneyFacts } from './facts';
import type { StageWindow } from './releases';
import { nextStep } from './timeline';

/** The next step, worked out from facts alone: no database, so each rule shows on its own. */
const NOW = Date.parse('2027-04-01T02:00:00Z');
const HOUR = 3_600_000;
const windows = Object.fromEntries(DOCTOR_STAGES.map((s) => [s, { opensAt: null, closesAt: null }])) as Record<DoctorStage, StageWindow>;

function facts(over: Partial<JourneyFacts> = {}): JourneyFacts {
  return {
    form: 'submitted',
    paid: true,
    photo: 'approved',
    decisions: {},
    tickets: new Map(),
    scores: new Set(),
    archiveFilled: false,
    released: new Set(),
    ...over,
  };
}
const next = (f: JourneyFacts) => nextStep(f, windows, NOW, 0);

describe('after a failed review', () => {
  it.each([
    ['qualificationReview', '/partInfo/index4'],
    ['languageReview', '/partInfo/index5'],
    ['assessmentQualification', '/partInfo/index6'],
    ['proposedAdmission', '/partInfo/index7'],
  ] as const)('a published fail of %s points to its result page, not "under review"', (stage, route) => {
    expect(next(facts({ decisions: { [stage]: 'fail' } }))).toEqual({ action: 'notPassed', route, deadline: null });
  });

  it('the first failed stage is the one shown, even with a rejected photo', () => {
    expect(next(facts({ photo: 'rejected', decisions: { qualificationReview: 'pass', languageReview: 'fail' } })).route).toBe('/partInfo/index5');
  });

  it('passes alone still wait for the review', () => {
    expect(next(facts({ decisions: { qualificationReview: 'pass' } })).action).toBe('waitForReview');
  });
});

describe('printing a ticket', () => {
  it('is suggested until the exam ends', () => {
    expect(next(facts({ tickets: new Map([['language', { endsAt: NOW + HOUR }]]) }))).toMatchObject({ action: 'printLanguageTicket', route: '/print/index8' });
  });

  it('is not suggested once the exam is over', () => {
    expect(next(facts({ tickets: new Map([['language', { endsAt: NOW - 1 }]]) })).action).toBe('waitForReview');
    expect(next(facts({ tickets: new Map([['language', { endsAt: NOW }]]) })).action).toBe('waitForReview');
  });

  it('moves on to the other exam when one is over', () => {
    const tickets = new Map([
      ['language', { endsAt: NOW + 24 * HOUR }],
      ['assessment', { endsAt: NOW - HOUR }],
    ] as const);
    expect(next(facts({ tickets: new Map(tickets) })).action).toBe('printLanguageTicket');
  });
});

describe('checking scores', () => {
  it.each([
    [['language'], '/scoreQuery/showEnScore'],
    [['language', 'material'], '/scoreQuery/showMaterialScore'],
    [['language', 'material', 'assessment'], '/scoreQuery/showAssessmentScore'],
    [['material', 'final'], '/scoreQuery/showFinalScore'],
  ] as const)('with %j published, links to %s', (kinds, route) => {
    expect(next(facts({ scores: new Set<ScoreKind>(kinds) }))).toEqual({ action: 'checkScores', route, deadline: null });
  });

  it('a ticket for an exam still ahead comes before the scores', () => {
    expect(next(facts({ scores: new Set<ScoreKind>(['language']), tickets: new Map([['assessment', { endsAt: NOW + HOUR }]]) })).action).toBe('printAssessmentTicket');
  });
});
