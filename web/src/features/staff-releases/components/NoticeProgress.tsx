import type { ReleaseNoticeProgress } from '@gradus/contract/api/staff-releases';
import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * How far the "your result is out" mails of a release have gone: the office that released results
 * to 10,000 applicants sees them leave, and sees the ones the mail server refused for good.
 */
export function NoticeProgress({ notices }: { notices: ReleaseNoticeProgress | null }) {
  const { t, i18n } = useTranslation();
  if (!notices) return <span className="releases__wait">{t('releases.notices.none')}</span>;
  const total = notices.sent + notices.waiting + notices.failed;
  const n = (v: number) => v.toLocaleString(i18n.language);
  const sentText = t('releases.notices.sent', { sent: n(notices.sent), total: n(total) });
  return (
    <div className="releases__notices">
      {notices.waiting > 0 && <Progress percent={Math.floor((100 * notices.sent) / total)} size="small" showInfo={false} aria-label={sentText} />}
      <span>{sentText}</span>
      {notices.waiting > 0 && <span className="releases__wait">{t('releases.notices.waiting', { n: n(notices.waiting) })}</span>}
      {notices.failed > 0 && <span className="releases__failed">{t('releases.notices.failed', { n: n(notices.failed) })}</span>}
    </div>
  );
}
