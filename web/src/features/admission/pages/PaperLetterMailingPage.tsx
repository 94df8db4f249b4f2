import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdmissionForm } from '../components/AdmissionForm';
import { AdmissionShell } from '../components/AdmissionShell';
import { NoPersonnelFile } from '../components/NoPersonnelFile';
import { TrackingField } from '../components/TrackingField';
import { PAPER_LETTER_FIELDS } from '../fields';
import { ARCHIVE_PAGE_PATH } from '../paths';

/**
 * /Admission/admissionInformationChange (hidden in the menu, reached from the archive page): where
 * the graduate school posts the paper file-transfer letter, and its tracking number once posted.
 */
export default function PaperLetterMailingPage() {
  const { t } = useTranslation();
  return (
    <AdmissionShell kind="paperLetter" title={t('menu.admission.informationChange')} lead={t('admission.paperLetter.lead')}>
      {(detail) =>
        !detail.applies ? (
          <NoPersonnelFile />
        ) : (
          <>
            <AdmissionForm kind="paperLetter" detail={detail} fields={PAPER_LETTER_FIELDS} extra={<TrackingField detail={detail} />} />
            <p className="admission__actions">
              <Link to={ARCHIVE_PAGE_PATH}>{t('admission.paperLetter.back')}</Link>
            </p>
          </>
        )
      }
    </AdmissionShell>
  );
}
