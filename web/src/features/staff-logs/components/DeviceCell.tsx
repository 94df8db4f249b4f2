import { useTranslation } from 'react-i18next';
import { deviceOf } from '../device';

const SHORT = 40;

/**
 * The browser and system a session signed in from, shortened; the full user-agent opens beneath it
 * (a disclosure: reachable by keyboard, read by a screen reader, unlike a hover title).
 */
export function DeviceCell({ userAgent }: { userAgent: string | null }) {
  const { t } = useTranslation();
  if (!userAgent) return <span className="logs__secondary">{t('online.deviceUnknown')}</span>;
  const { browser, system } = deviceOf(userAgent);
  const summary =
    browser && system ? t('online.device', { browser, system }) : (browser ?? system ?? (userAgent.length > SHORT ? `${userAgent.slice(0, SHORT)}…` : userAgent));
  return (
    <details className="logs__device">
      <summary>{summary}</summary>
      <span className="logs__mono logs__secondary">{userAgent}</span>
    </details>
  );
}
