import { Button, Empty } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFormDetail } from '../api/formDetail';
import { FormShell } from '@/lib/form/FormShell';
import { SubmittedView } from '../components/SubmittedView';

/** partInfo/showPartInfo: the submitted registration form, read-only, with its printable summary. */
export default function SubmittedFormPage() {
  const { t } = useTranslation();
  const detail = useFormDetail();
  return (
    <FormShell title={t('form.submittedPage.title')} lead={t('form.submittedPage.lead')} query={detail}>
      {(d) =>
        d.status === 'submitted' || d.status === 'returned' ? (
          <SubmittedView detail={d} editLink />
        ) : (
          <Empty description={t('form.submittedPage.none')}>
            <Link to="/doctorRegister/doctorRegisterApply">
              <Button type="primary">{t('form.submittedPage.goFill')}</Button>
            </Link>
          </Empty>
        )
      }
    </FormShell>
  );
}
