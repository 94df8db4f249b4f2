import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDetail } from '../api/formDetail';
import { FormEditor } from '../components/FormEditor';
import { FormShell } from '@/lib/form/FormShell';
import { SubmittedView } from '../components/SubmittedView';

/**
 * doctorRegisterApply, the exam registration form: sections saved as a draft automatically and
 * on demand (an unsent copy stays on the device), submitted once complete, then read-only with a
 * printable summary. A returned form opens only the sections the reviewer named.
 */
export default function ApplicationFormPage() {
  const { t } = useTranslation();
  const detail = useFormDetail();
  // A reload after "changed in another window" remounts the editor on the fresh form.
  const [epoch, setEpoch] = useState(0);
  const reload = () => void detail.refetch().then(() => setEpoch((e) => e + 1));
  return (
    <FormShell title={t('form.title')} lead={t('form.lead')} query={detail}>
      {(d) => {
        if (d.status === 'submitted') return <SubmittedView detail={d} />;
        if (d.submission.closed) return <SubmittedView detail={d} closed />;
        return <FormEditor key={epoch} detail={d} onReload={reload} />;
      }}
    </FormShell>
  );
}
