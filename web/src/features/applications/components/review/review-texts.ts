import { DEPARTMENT_REVIEW_STAGE, type EligibilityStage } from '@gradus/contract/api/staff';

/**
 * Where a stage's button and dialog texts live. The school's review says "pass" and "not passed"
 * rather than "eligible": eligibility is the graduate school's word, and on a camp file both rows
 * of buttons show at once, so their names must differ.
 */
export const reviewTexts = (stage: EligibilityStage): 'review' | 'review.department' => (stage === DEPARTMENT_REVIEW_STAGE ? 'review.department' : 'review');
