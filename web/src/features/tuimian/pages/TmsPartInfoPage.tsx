import { useTranslation } from 'react-i18next';
import { ApplicationRecord } from '@/lib/form/SubmittedForm';
import { MaterialsCount } from '@/lib/materials/MaterialsCount';
import { QueryState } from '@/lib/ui/QueryState';
import { TmsSummary } from '@/lib/tuimian/TmsSummary';
import { useTmsCatalogue } from '../api/catalogue';
import { useTmsFormDetail } from '../api/formDetail';
import { TMS_MATERIALS } from '../api/materials';
import { useTmsProgress } from '../api/progress';
import { TmsProgress } from '../components/TmsProgress';
import { TMS_FORM_PATH, TMS_MATERIALS_PATH } from '../links';
import '@/lib/form/application-form.css';
import '@/lib/ui/info-page.css';
import '../tuimian.css';

/**
 * recommendedStudentShowPartInfo, the tuimian applicant's information query: how far the
 * application has come (submitted, the school's review, the graduate school's), the application as
 * submitted, and the materials in brief. Before submission it says so and leads to the form.
 */
export default function TmsPartInfoPage() {
  const { t } = useTranslation();
  const progress = useTmsProgress();
  const detail = useTmsFormDetail();
  const catalogue = useTmsCatalogue();
  const formTexts = { loading: t('form.loading'), refused: t('form.refused'), loadFailed: t('form.loadFailed') };
  const recordTexts = {
    closed: t('tms.window.closed'),
    submittedHint: t('tms.submitted.hint'),
    draft: t('tms.info.draft'),
    returned: t('tms.info.returned'),
    formLink: t('tms.info.formLink'),
  };
  return (
    <div className="page info-page">
      <h1 className="page__title">{t('menu.recommendedStudentInfoQuery.partInfo')}</h1>
      <p className="page__lead">{t('tms.info.lead')}</p>
      <QueryState query={progress} rows={3} texts={{ loading: t('tms.info.loading'), refused: t('tms.info.refused'), loadFailed: t('tms.info.loadFailed') }}>
        {(view) => <TmsProgress view={view} />}
      </QueryState>
      <QueryState query={detail} rows={8} texts={formTexts}>
        {(d) => (
          <div>
            <ApplicationRecord detail={d} formPath={TMS_FORM_PATH} texts={recordTexts} summary={<TmsSummary sections={d.sections} catalogue={catalogue.data} reopened={d.reopenedSections} />} />
          </div>
        )}
      </QueryState>
      <MaterialsCount api={TMS_MATERIALS} path={TMS_MATERIALS_PATH} />
    </div>
  );
}
