import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Link to="/login" className="auth-card__back">
      <ArrowLeftOutlined aria-hidden /> {t('auth.back')}
    </Link>
  );
}
