import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FormPersonalView } from '@gradus/contract/forms/fields';
import { useUniversityTime } from '@/lib/university-time';
import { PersonalCard } from '@/lib/ui/PersonalCard';
import type { FormStateView } from './FormNotices';

type Detail = FormStateView & { personal: FormPersonalView; submittedAt: string | null };

/** What an area says of its read-only form: its closed window, and what happens after submission. */
export interface SubmittedFormTexts {
  closed: string;
  submittedHint: string;
}

/**
 * An area's form read-only, once submitted or once its window (or a return's deadline) has passed:
 * the notice, the registration details, then the area's summary (`children`).
 */
export function SubmittedForm({ detail, closed = false, texts, children }: { detail: Detail; closed?: boolean; texts: SubmittedFormTexts; children: ReactNode }) {
  const { t } = useTranslation();
  const { moment: when } = useUniversityTime();
  let notice;
  if (closed) {
    const title = detail.status === 'returned' && detail.returnedUntil ? t('form.returned.deadlinePassed', { time: when(detail.returnedUntil) }) : texts.closed;
    notice = <Alert type="error" showIcon title={title} description={t('form.window.closedHint')} />;
  } else {
    notice = <Alert type="success" showIcon title={t('form.submitted.title', { time: detail.submittedAt ? when(detail.submittedAt) : '' })} description={texts.submittedHint} />;
  }
  return (
    <>
      <div className="application-form__notices">{notice}</div>
      <PersonalCard personal={detail.personal} />
      {children}
    </>
  );
}

/** What an information page says of an application that is not (or no longer) submitted, and the link to its form. */
export interface ApplicationRecordTexts extends SubmittedFormTexts {
  draft: string;
  returned: string;
  formLink: string;
}

/**
 * An information page's copy of the application as submitted, read-only; a draft is not one yet and
 * says where to finish it; a returned one shows what was submitted under a link back to the form.
 */
export function ApplicationRecord({ detail, formPath, texts, summary }: { detail: Detail; formPath: string; texts: ApplicationRecordTexts; summary: ReactNode }) {
  const formLink = <Link to={formPath}>{texts.formLink}</Link>;
  if (detail.status === 'submitted') {
    return (
      <SubmittedForm detail={detail} texts={texts}>
        {summary}
      </SubmittedForm>
    );
  }
  if (detail.status === 'returned') {
    return (
      <>
        <div className="application-form__notices">
          <Alert type="warning" showIcon title={texts.returned} description={formLink} />
        </div>
        <PersonalCard personal={detail.personal} />
        {summary}
      </>
    );
  }
  return <Alert type="info" showIcon title={texts.draft} description={formLink} />;
}
