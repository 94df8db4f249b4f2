import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToLogin } from '../components/BackToLogin';
import { IssuedNumber } from '../components/IssuedNumber';
import { LookupForm } from '../components/LookupForm';

/** Forgot registration (or candidate) number: found by type, name and ID number. */
export default function ForgotNumberPage() {
  const { t } = useTranslation();
  const [found, setFound] = useState<{ kind: 'registerNo' | 'candidateNo'; number: string; type: number } | null>(null);
  if (found) return <IssuedNumber kind={found.kind} number={found.number} userRegisterType={found.type} title={t('forgotNumber.found')} />;
  return (
    <section aria-labelledby="forgot-number-title">
      <BackToLogin />
      <h1 id="forgot-number-title" className="auth-card__title">
        {t('forgotNumber.title')}
      </h1>
      <p className="auth-card__subtitle">{t('forgotNumber.subtitle')}</p>
      <LookupForm
        formName="forgotNumber"
        submitLabel={t('forgotNumber.submit')}
        onFound={(res, values) => {
          if (res.candidateNo) setFound({ kind: 'candidateNo', number: res.candidateNo, type: values.userRegisterType });
          else if (res.registerNo) setFound({ kind: 'registerNo', number: res.registerNo, type: values.userRegisterType });
        }}
      />
    </section>
  );
}
