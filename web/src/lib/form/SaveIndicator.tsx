import type { ReactNode } from 'react';
import { CheckCircleOutlined, CloudOutlined, DisconnectOutlined, EditOutlined, ExclamationCircleOutlined, LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SaveState } from './useAutosave';

const ICONS: Record<SaveState, ReactNode> = {
  saved: <CheckCircleOutlined aria-hidden />,
  dirty: <EditOutlined aria-hidden />,
  saving: <LoadingOutlined aria-hidden />,
  offline: <DisconnectOutlined aria-hidden />,
  refused: <ExclamationCircleOutlined aria-hidden />,
  conflict: <ExclamationCircleOutlined aria-hidden />,
};

/** "Saved at 14:05" / "Saving…" / "Offline – kept on this device": always visible in the action bar. */
export function SaveIndicator({ state, savedAt }: { state: SaveState; savedAt: string | null }) {
  const { t, i18n } = useTranslation();
  const time = savedAt ? new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(new Date(savedAt)) : null;
  let text: string;
  if (state === 'saved') text = time ? t('form.save.savedAt', { time }) : t('form.save.notYet');
  else text = t(`form.save.${state}`);
  return (
    <span className={`application-form__indicator application-form__indicator--${state}`} role="status" aria-live="polite" data-testid="save-indicator">
      {state === 'saved' && !time ? <CloudOutlined aria-hidden /> : ICONS[state]} {text}
    </span>
  );
}
