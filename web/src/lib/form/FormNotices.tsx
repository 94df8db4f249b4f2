import { Alert, Button, Space } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUniversityTime } from '@/lib/university-time';
import type { FormStatus, FormSubmissionWindow } from '@gradus/contract/forms/fields';
import type { LocalCopy } from './local-copy';

/** What every area's form detail tells about its state. */
export interface FormStateView<S extends string = string> {
  status: FormStatus;
  version: number;
  savedAt: string | null;
  reopenedSections: S[];
  returnReason: string | null;
  returnedUntil: string | null;
  submission: FormSubmissionWindow;
  missingMaterials: string[];
}

interface Props {
  detail: FormStateView;
  restorable: LocalCopy<unknown> | null;
  onRestore: () => void;
  onDiscard: () => void;
  /** A section's name ('form.section.contact'). */
  sectionName: (section: string) => string;
  /** The area's materials page, where the missing materials are uploaded. */
  materialsPath: string;
}

/** What the applicant must know before editing: a return with its reason, unsent edits, the window, missing materials. */
export function FormNotices({ detail, restorable, onRestore, onDiscard, sectionName, materialsPath }: Props) {
  const { t } = useTranslation();
  const { moment: when } = useUniversityTime();
  const { submission } = detail;
  const notOpenYet = !submission.open && !submission.closed && submission.opensAt;
  return (
    <div className="application-form__notices">
      {detail.status === 'returned' && (
        <Alert
          type="warning"
          showIcon
          title={t('form.returned.title')}
          description={
            <>
              <p className="application-form__reason">{t('form.returned.reason', { reason: detail.returnReason ?? '' })}</p>
              <p>{t('form.returned.sections', { sections: detail.reopenedSections.map(sectionName).join(t('form.listSeparator')) })}</p>
              {detail.returnedUntil && <p className="application-form__deadline">{t('form.returned.until', { time: when(detail.returnedUntil) })}</p>}
            </>
          }
        />
      )}
      {restorable && (
        <Alert
          type="info"
          showIcon
          title={t('form.restore.title', { time: when(restorable.editedAt) })}
          description={
            <>
              {/* The copy was edited on an older version: restoring overwrites what was saved since. */}
              {restorable.version < detail.version && detail.savedAt && <p className="application-form__newer">{t('form.restore.newerOnServer', { time: when(detail.savedAt) })}</p>}
              <p>{t('form.restore.hint')}</p>
            </>
          }
          action={
            <Space direction="vertical">
              <Button size="small" type="primary" onClick={onRestore}>
                {t('form.restore.restore')}
              </Button>
              <Button size="small" onClick={onDiscard}>
                {t('form.restore.discard')}
              </Button>
            </Space>
          }
        />
      )}
      {/* A returned form's closing time is its correction deadline, already stated above. */}
      {submission.open && submission.closesAt && detail.status !== 'returned' && <Alert type="info" showIcon title={t('form.window.closes', { time: when(submission.closesAt) })} />}
      {notOpenYet && <Alert type="info" showIcon title={t('form.window.opens', { time: when(submission.opensAt!) })} description={t('form.window.draftMeanwhile')} />}
      {detail.missingMaterials.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('form.materials.missing')}
          description={
            <>
              {detail.missingMaterials.map((k) => t(`form.material.${k}`, { defaultValue: k })).join(t('form.listSeparator'))}{' '}
              <Link to={materialsPath}>{t('form.materials.go')}</Link>
            </>
          }
        />
      )}
    </div>
  );
}
