import { useTranslation } from 'react-i18next';

/** A CSS spinner: the loading states appear before any antd component has been downloaded. */
function Spinner({ large = false }: { large?: boolean }) {
  return <span className={`spinner${large ? ' spinner--large' : ''}`} aria-hidden />;
}

/** Shown while the session loads: never a 404 (spec 2 guard). */
export function LoadingShell() {
  const { t } = useTranslation();
  return (
    <div className="loading-shell" role="status" aria-live="polite" aria-busy="true">
      <Spinner large />
      <span className="loading-shell__text">{t('common.loading')}</span>
    </div>
  );
}

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-label={t('common.loading')}>
      <Spinner />
    </div>
  );
}
