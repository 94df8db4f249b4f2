import type { ReactNode } from 'react';
import { Card, Grid, Steps, type StepsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApplicantReviewOutcome, ApplicationProgressView } from '@gradus/contract/forms/progress';
import { useUniversityTime } from '@/lib/university-time';
import './info-page.css';

export type ProgressStep = NonNullable<StepsProps['items']>[number];

/** Whether the application is with the reviewers (or past them): neither unsent, a draft, nor returned. */
export const isSubmitted = (application: ApplicationProgressView) => !['notStarted', 'draft', 'returned'].includes(application.state);

/**
 * The first steps of an application the chosen school reviews before the graduate school (the
 * camp's, the tuimian one), as the server tells them: submitted (or returned, with its deadline),
 * the school's review, the graduate school's. Each step says its state in words, not only by its icon.
 */
export function useReviewSteps(application: ApplicationProgressView): ProgressStep[] {
  const { t } = useTranslation();
  const { moment } = useUniversityTime();
  const submitted = isSubmitted(application);

  const submission: ProgressStep = submitted
    ? { status: 'finish', content: application.submittedAt ? t('campInfo.state.submittedOn', { time: moment(application.submittedAt) }) : undefined }
    : application.state === 'returned'
      ? { status: 'error', content: application.returnedUntil ? t('campInfo.state.returned', { deadline: moment(application.returnedUntil) }) : t('campInfo.state.returnedPlain') }
      : { status: 'process', content: t('campInfo.state.notSubmitted') };

  /** A review's step: decided, under way (its turn has come), or not yet. */
  const review = (outcome: ApplicantReviewOutcome, itsTurn: boolean): ProgressStep => {
    if (outcome === 'pass') return { status: 'finish', content: t('campInfo.state.pass') };
    if (outcome === 'fail') return { status: 'error', content: t('campInfo.state.fail') };
    return itsTurn ? { status: 'process', content: t('campInfo.state.inReview') } : { status: 'wait', content: t('campInfo.state.notYet') };
  };

  return [
    { key: 'submitted', title: t('campInfo.step.submitted'), ...submission },
    { key: 'school', title: t('campInfo.step.school'), ...review(application.schoolReview, submitted) },
    { key: 'office', title: t('campInfo.step.office'), ...review(application.officeReview, submitted && application.schoolReview === 'pass') },
  ];
}

/** The steps in a card under a heading, across on a wide screen and down on a phone; `children` follow them. */
export function ProgressCard({ title, items, children }: { title: string; items: ProgressStep[]; children?: ReactNode }) {
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Card title={<h2 className="info-page__heading">{title}</h2>}>
      <Steps orientation={wide ? 'horizontal' : 'vertical'} size="small" items={items} />
      {children}
    </Card>
  );
}
