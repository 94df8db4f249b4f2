import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUniversityTime } from '@/lib/university-time';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The time left in words: to the minute, and to the second in the last hour. Rounded up, so "0" only shows once time is up. */
function useRemainingText() {
  const { t } = useTranslation();
  return (left: number) => {
    if (left <= 0) return t('tmsInterview.countdown.over');
    if (left > HOUR) {
      const minutes = Math.ceil(left / MINUTE);
      const days = Math.floor(minutes / (DAY / MINUTE));
      const rest = { hours: Math.floor((minutes % (DAY / MINUTE)) / 60), minutes: minutes % 60 };
      return days > 0 ? t('tmsInterview.countdown.days', { days, ...rest }) : t('tmsInterview.countdown.hours', rest);
    }
    const seconds = Math.ceil(left / SECOND);
    return t('tmsInterview.countdown.minutes', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
  };
}

/** Until the shown text next changes: the next whole minute, or the next second in the last hour. */
const nextChange = (left: number) => {
  const unit = left > HOUR ? MINUTE : SECOND;
  return (left % unit || unit) + 20;
};

/**
 * What is left to answer the invitation, as the camp qualification page counts it (features do not
 * share components, so it is repeated here). The interview view carries no server clock, so the
 * device's counts; the server decides again when the answer arrives. The ticking text is hidden from
 * screen readers (it would be read out again and again): they get the answer date, which does not
 * change. `onElapsed` runs once time is up, so the page reads the invitation again (now lapsed).
 */
export function AnswerCountdown({ deadline, onElapsed }: { deadline: string; onElapsed: () => void }) {
  const { t } = useTranslation();
  const { moment } = useUniversityTime();
  const text = useRemainingText();
  const end = Date.parse(deadline);
  const [left, setLeft] = useState(() => end - Date.now());
  const elapsed = useRef(onElapsed);
  useEffect(() => {
    elapsed.current = onElapsed;
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (remaining: number) => {
      if (remaining <= 0) {
        elapsed.current();
        return;
      }
      timer = setTimeout(() => {
        const now = end - Date.now();
        setLeft(now);
        schedule(now);
      }, nextChange(remaining));
    };
    schedule(end - Date.now());
    return () => clearTimeout(timer);
  }, [end]);

  return (
    <div className="tms-interview__timer" role="timer" aria-label={t('tmsInterview.countdown.label', { deadline: moment(deadline) })}>
      <span aria-hidden="true">{text(left)}</span>
    </div>
  );
}
