import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NOTICE_PAGE_PATH } from '../paths';

/** A Hong Kong, Macao or Taiwan applicant's archive pages: nothing to fill in, and where their paperwork is instead. */
export function NoPersonnelFile() {
  const { t } = useTranslation();
  return (
    <Alert
      className="page__card"
      type="info"
      showIcon
      title={t('admission.noPersonnelFile')}
      description={<Link to={NOTICE_PAGE_PATH}>{t('admission.toNotice')}</Link>}
    />
  );
}
