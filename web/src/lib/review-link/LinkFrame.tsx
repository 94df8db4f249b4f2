import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReplyError } from '@/lib/request';
import { LanguageSelect } from '@/lib/ui/LanguageSelect';
import './review-link.css';

/** The frame of a page opened from a mailed link: no staff menus, the language picker, one column. */
export function LinkFrame({ children, className }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={className ? `link-review ${className}` : 'link-review'}>
      <header className="link-review__header">
        <div className="link-review__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('linkReview.brand')}</span>
        </div>
        <LanguageSelect showName />
      </header>
      <main className="link-review__main" id="main-content">
        {children}
      </main>
    </div>
  );
}

/**
 * A review session's call refused: the reason in the server's words. A dead session (401: expired,
 * replaced, closed) is forgotten by `onLost`, which goes back to the link's first step.
 */
export function LinkFailure({ error, onLost }: { error: unknown; onLost: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={error instanceof ReplyError ? error.message : t('review.failed')}
      subTitle={t('linkReview.askOffice')}
      extra={error instanceof ReplyError && error.code === 401 ? <button type="button" className="link-review__plain" onClick={onLost}>{t('linkReview.startAgain')}</button> : null}
    />
  );
}
