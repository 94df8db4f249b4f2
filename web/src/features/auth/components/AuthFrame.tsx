import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageLinks } from './LanguageLinks';
import { usePortalInfo } from '../api/portalInfo';

/** The calm frame of every sign-in screen: brand, language, one card, the portal's year. */
export function AuthFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const info = usePortalInfo();
  return (
    <div className="auth-page">
      <header className="auth-page__header">
        <div className="auth-page__brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <div>
            <div className="auth-page__product">{t('app.title')}</div>
            {info.data?.systemName && <div className="auth-page__system">{info.data.systemName}</div>}
          </div>
        </div>
      </header>
      <main className="auth-page__main" id="main-content">
        <div className="auth-card">{children}</div>
      </main>
      <footer className="auth-page__footer">
        <LanguageLinks />
        <div>{info.data?.recruitYear ? t('auth.recruitYear', { year: info.data.recruitYear }) : t('app.title')}</div>
      </footer>
    </div>
  );
}
