import type { AdmissionArea } from '@gradus/contract/areas';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReplyError } from '@/lib/request';
import { useViewAsApplicant } from '../api/releases';
import { useApplicantResult } from '../applicant-result';

/**
 * "View as applicant": one applicant's page for the result as they will read it once it is out,
 * drawn by the applicant's own page. The applicant sees nothing of it yet; the dialog says so.
 */
export function ViewAsApplicantDialog({ area, recruitYear, release, applicantNumber, onClose }: { area: string; recruitYear: string; release: string; applicantNumber: string; onClose: () => void }) {
  const { t } = useTranslation();
  const render = useApplicantResult();
  const view = useViewAsApplicant({ area: area as AdmissionArea, recruitYear, release, applicantNumber });
  const title = view.data ? t('releases.viewAs.title', { name: view.data.name, number: view.data.applicantNumber }) : t('releases.viewAs.titleNumber', { number: applicantNumber });
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('releases.viewAs.close')}
        </Button>
      }
    >
      <Alert className="releases-view-as__note" type="info" showIcon title={t('releases.viewAs.note')} />
      {view.isPending ? (
        <Skeleton active aria-label={t('releases.viewAs.loading')} />
      ) : view.error ? (
        <Alert type="error" showIcon title={view.error instanceof ReplyError ? view.error.message : t('releases.previewFailed')} />
      ) : (
        view.data && render && <div className="releases-view-as__page">{render(view.data.result)}</div>
      )}
    </Modal>
  );
}
