import { useLayoutEffect, useRef, useState } from 'react';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  id?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  /** Shown in the empty year box, e.g. "present" for an open end. */
  emptyText?: string;
  'aria-invalid'?: boolean;
}

const THIS_YEAR = new Date().getFullYear();
const YEARS = Array.from({ length: THIS_YEAR + 8 - 1960 + 1 }, (_, i) => String(THIS_YEAR + 8 - i));
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/**
 * A 'YYYY-MM' value from two selects: the same on every phone and browser (a native month input
 * is missing in Firefox and desktop Safari) and without a date library.
 */
export function MonthField({ id, value, onChange, disabled, emptyText, ...rest }: Props) {
  const { t } = useTranslation();
  const [year, month] = value ? value.split('-') : [undefined, undefined];
  // A year chosen without a month yet is remembered here until the month follows.
  const [draftYear, setDraftYear] = useState<string | undefined>(undefined);
  const [draftMonth, setDraftMonth] = useState<string | undefined>(undefined);
  const shownYear = year ?? draftYear;
  const shownMonth = month ?? draftMonth;
  // The other half as last chosen, not as last drawn: a month picked before the year's change has
  // been drawn (a quick hand, a busy machine) must not pair with the year shown before it.
  const latest = useRef({ year: shownYear, month: shownMonth });
  useLayoutEffect(() => {
    latest.current = { year: shownYear, month: shownMonth };
  }, [shownYear, shownMonth]);
  const emit = (y: string | undefined, m: string | undefined) => {
    latest.current = { year: y, month: m };
    setDraftYear(y);
    setDraftMonth(m);
    onChange?.(y && m ? `${y}-${m}` : undefined);
  };
  return (
    <Space.Compact block>
      <Select
        id={id}
        aria-label={t('form.month.year')}
        aria-invalid={rest['aria-invalid']}
        value={shownYear}
        placeholder={emptyText ?? t('form.month.year')}
        options={YEARS.map((y) => ({ value: y, label: y }))}
        onChange={(y?: string) => emit(y, latest.current.month)}
        allowClear
        showSearch
        disabled={disabled}
        style={{ width: '58%' }}
      />
      <Select
        aria-label={t('form.month.month')}
        value={shownMonth}
        placeholder={t('form.month.month')}
        options={MONTHS.map((m) => ({ value: m, label: m }))}
        onChange={(m?: string) => emit(latest.current.year, m)}
        allowClear
        disabled={disabled}
        style={{ width: '42%' }}
      />
    </Space.Compact>
  );
}
