import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while the session loads: the frame of the app, never a 404 (spec 2 guard). */
export function LoadingShell() {
  const { t } = useTranslation();
  return (
    <div className="loading-shell" role="status" aria-live="polite" aria-busy="true">
      <Spin size="large" />
      <span className="loading-shell__text">{t('common.loading')}</span>
    </div>
  );
}

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-label={t('common.loading')}>
      <Spin />
    </div>
  );
}
