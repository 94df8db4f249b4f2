import { Alert, Button, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The registration or candidate number, shown big with a hint to write it down. */
export function IssuedNumber({
  kind,
  number,
  userRegisterType,
  title,
}: {
  kind: 'registerNo' | 'candidateNo';
  number: string;
  userRegisterType: number;
  title: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const label = kind === 'candidateNo' ? t('auth.candidateNo') : t('auth.registerNo');
  return (
    <Result
      status="success"
      title={title}
      subTitle={
        <div className="issued-number">
          <div className="issued-number__label" id="issued-number-label">
            {label}
          </div>
          <Typography.Text
            className="issued-number__value"
            data-testid="issued-number"
            aria-labelledby="issued-number-label"
            copyable={{ text: number, tooltips: [t('common.copy'), t('common.copied')] }}
          >
            {number}
          </Typography.Text>
          <Alert type="warning" showIcon title={t('register.writeItDown', { label })} className="issued-number__hint" />
        </div>
      }
      extra={
        <Button type="primary" size="large" onClick={() => navigate('/login', { state: { userRegisterType, number } })}>
          {t('register.goToLogin')}
        </Button>
      }
    />
  );
}
