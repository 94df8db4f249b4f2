import { useTranslation } from 'react-i18next';
import { CampSummary } from '@/lib/camp/CampSummary';
import { ApplicationRecord } from '@/lib/form/SubmittedForm';
import { MaterialsCount } from '@/lib/materials/MaterialsCount';
import { QueryState } from '@/lib/ui/QueryState';
import { useCampCatalogue } from '../api/catalogue';
import { useCampFormDetail } from '../api/formDetail';
import { CAMP_MATERIALS } from '../api/materials';
import { useCampQualification } from '../api/qualification';
import { CampProgress } from '../components/CampProgress';
import { CAMP_FORM_PATH, CAMP_MATERIALS_PAGE_PATH } from '../links';
import '@/lib/form/application-form.css';
import '@/lib/ui/info-page.css';
import '../camp-qualification.css';

/**
 * summerCampRegisterInfoQuery (issue #11): the camper's registration information: how far the
 * application has come (submitted, the two reviews, the camp place), the application as submitted,
 * and the materials in brief.
 */
export default function CampRegisterInfoPage() {
  const { t } = useTranslation();
  const qualification = useCampQualification();
  const detail = useCampFormDetail();
  const catalogue = useCampCatalogue();
  const texts = { loading: t('campQualification.loading'), refused: t('campQualification.refused'), loadFailed: t('campQualification.loadFailed') };
  const recordTexts = {
    closed: t('camp.window.closed'),
    submittedHint: t('camp.submitted.hint'),
    draft: t('campInfo.application.draft'),
    returned: t('campInfo.application.returned'),
    formLink: t('campQualification.link.form'),
  };
  return (
    <div className="page info-page camp-qualification">
      <h1 className="page__title">{t('menu.summerCampRegisterInfo.query')}</h1>
      <p className="page__lead">{t('campInfo.lead')}</p>
      <QueryState query={qualification} rows={3} texts={texts}>
        {(view) => <CampProgress view={view} />}
      </QueryState>
      <QueryState query={detail} rows={8} texts={{ loading: t('form.loading'), refused: t('form.refused'), loadFailed: t('form.loadFailed') }}>
        {(d) => (
          <div>
            <ApplicationRecord detail={d} formPath={CAMP_FORM_PATH} texts={recordTexts} summary={<CampSummary sections={d.sections} catalogue={catalogue.data} reopened={d.reopenedSections} />} />
          </div>
        )}
      </QueryState>
      <MaterialsCount api={CAMP_MATERIALS} path={CAMP_MATERIALS_PAGE_PATH} />
    </div>
  );
}
