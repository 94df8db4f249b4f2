import { Button, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLetterPdf } from '../api/letterPdf';
import { AdmissionForm } from '../components/AdmissionForm';
import { AdmissionShell } from '../components/AdmissionShell';
import { NoPersonnelFile } from '../components/NoPersonnelFile';
import { ARCHIVE_FIELDS } from '../fields';
import { PAPER_LETTER_PAGE_PATH } from '../paths';

/** Printing needs the saved unit: the letter is addressed to it. */
function LetterCard({ saved }: { saved: boolean }) {
  const { t } = useTranslation();
  const letter = useLetterPdf();
  return (
    <Card className="page__card admission__card" title={t('admission.letter.title')}>
      <Typography.Paragraph>{t('admission.letter.explain')}</Typography.Paragraph>
      <div className="admission__actions">
        <Button type="primary" disabled={!saved} loading={letter.isPending} onClick={() => letter.mutate()}>
          {t('admission.letter.print')}
        </Button>
        {!saved && <Typography.Text type="secondary">{t('admission.letter.saveFirst')}</Typography.Text>}
      </div>
      <div className="admission__actions">
        <Link to={PAPER_LETTER_PAGE_PATH}>{t('admission.letter.mailingLink')}</Link>
      </div>
    </Card>
  );
}

/** /Admission/admissionInformation: the unit holding the personnel file, and the file-transfer letter (PDF). */
export default function ArchiveTransferPage() {
  const { t } = useTranslation();
  return (
    <AdmissionShell kind="archive" title={t('menu.admission.information')} lead={t('admission.archive.lead')}>
      {(detail) =>
        !detail.applies ? (
          <NoPersonnelFile />
        ) : (
          <div className="admission__stack">
            <AdmissionForm kind="archive" detail={detail} fields={ARCHIVE_FIELDS} />
            <LetterCard saved={detail.saved} />
          </div>
        )
      }
    </AdmissionShell>
  );
}
