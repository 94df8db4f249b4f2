import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** /scoresReview and /review are reserved public routes; their pages arrive with the back office. */
export default function ReservedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const title = pathname === '/review' ? t('route.review') : t('route.scoresReview');
  return (
    <main className="standalone-page" id="main-content">
      <Result
        status="info"
        title={<h1 className="standalone-page__title">{title}</h1>}
        subTitle={t('reserved.text')}
        extra={
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('register.goToLogin')}
          </Button>
        }
      />
    </main>
  );
}
