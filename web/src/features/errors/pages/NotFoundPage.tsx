import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <main className="standalone-page" id="main-content">
      <Result
        status="404"
        title={<h1 className="standalone-page__title">{t('notFound.title')}</h1>}
        subTitle={t('notFound.text')}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('notFound.home')}
          </Button>
        }
      />
    </main>
  );
}
