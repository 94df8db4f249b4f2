import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUniversityTime } from '@/lib/university-time';
import './countdown.css';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The time left in words: to the minute, and to the second in the last hour. Rounded up, so "0" only shows once time is up. */
function useRemainingText() {
  const { t } = useTranslation();
  return (left: number) => {
    if (left <= 0) return t('countdown.over');
    if (left > HOUR) {
      const minutes = Math.ceil(left / MINUTE);
      const days = Math.floor(minutes / (DAY / MINUTE));
      const hours = Math.floor((minutes % (DAY / MINUTE)) / 60);
      const rest = { hours, minutes: minutes % 60 };
      return days > 0 ? t('countdown.days', { days, ...rest }) : t('countdown.hours', rest);
    }
    const seconds = Math.ceil(left / SECOND);
    return t('countdown.minutes', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
  };
}

/** Until the shown text next changes: the next whole minute, or the next second in the last hour. */
function nextChange(left: number) {
  const unit = left > HOUR ? MINUTE : SECOND;
  return (left % unit || unit) + 20;
}

/**
 * What is left until `deadline` by the server's clock (a camp place to confirm, an interview
 * invitation to answer): `offset` is the server's time minus the device's when the page was read,
 * so a device set wrong counts the same. The ticking text is hidden from screen readers (it would
 * be read again and again); they get the deadline itself, which does not change. `onElapsed` runs
 * once time is up.
 */
export function Countdown({ deadline, offset, onElapsed, className }: { deadline: string; offset: number; onElapsed?: () => void; className?: string }) {
  const { t } = useTranslation();
  const { moment } = useUniversityTime();
  const text = useRemainingText();
  const end = Date.parse(deadline);
  const read = () => end - (Date.now() + offset);
  const [left, setLeft] = useState(read);
  const elapsed = useRef(onElapsed);
  useEffect(() => {
    elapsed.current = onElapsed;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (remaining: number) => {
      if (remaining <= 0) {
        elapsed.current?.();
        return;
      }
      timer = setTimeout(() => {
        const now = end - (Date.now() + offset);
        setLeft(now);
        schedule(now);
      }, nextChange(remaining));
    };
    schedule(end - (Date.now() + offset));
    return () => clearTimeout(timer);
  }, [end, offset]);

  return (
    <div className={className ? `countdown ${className}` : 'countdown'} role="timer" aria-label={t('countdown.label', { deadline: moment(deadline) })}>
      <span aria-hidden="true">{text(left)}</span>
    </div>
  );
}
