import { useTranslation } from 'react-i18next';
import { useUniversityTime } from '@/lib/university-time';

/** Money in the reader's language; times in Beijing time, labelled, as the receipt and the deadline are kept. */
export function useFormat() {
  const { i18n } = useTranslation();
  const { moment } = useUniversityTime();
  return {
    money: (cents: number, currency: string) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency }).format(cents / 100),
    dateTime: (iso: string | null) => (iso ? moment(iso) : ''),
  };
}
