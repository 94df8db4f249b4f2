import { Alert, Card, Descriptions, type AlertProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { NATIONAL_SYSTEM_CHOICES, NATIONAL_SYSTEM_LOCK_HOURS, type TmsNationalOfferState, type TmsNationalOfferView } from '@gradus/contract/tuimian/national-offer';
import { useUniversityTime } from '@/lib/university-time';

/** The alert's kind backs up the words, never replaces them: each state is said in full. */
const ALERT_TYPES: Record<TmsNationalOfferState | 'none', AlertProps['type']> = { none: 'info', sent: 'info', accepted: 'success', declined: 'info', lapsed: 'warning' };

/** The sentence for what the office recorded: the date of the act that made the state, in Beijing time. */
function useStatusText() {
  const { t } = useTranslation();
  const { moment } = useUniversityTime();
  return (offer: TmsNationalOfferView | null) => {
    if (offer === null) return t('tmsInterview.offer.status.none');
    switch (offer.state) {
      case 'sent':
        return t('tmsInterview.offer.status.sent', { time: moment(offer.sentAt) });
      case 'lapsed':
        return t('tmsInterview.offer.status.lapsed');
      default:
        // The server always dates an answer; should one come without, the sentence says no date rather than a wrong one.
        return offer.answeredAt
          ? t(`tmsInterview.offer.status.${offer.state}`, { time: moment(offer.answeredAt) })
          : t(`tmsInterview.offer.status.${offer.state}Undated`);
    }
  };
}

/**
 * After a released pass: admission itself happens in the national recommended-exemption system, not
 * here, and its rules (parallel choices, the lock on each, one final acceptance) are easy to get
 * wrong, so they are said plainly; then where our offer stands there, as the office recorded it.
 */
export function NationalOffer({ offer, programme }: { offer: TmsNationalOfferView | null; programme: string | null }) {
  const { t } = useTranslation();
  const status = useStatusText();
  const rules = [
    t('tmsInterview.offer.rule.only'),
    t('tmsInterview.offer.rule.choices', { choices: NATIONAL_SYSTEM_CHOICES }),
    t('tmsInterview.offer.rule.lock', { hours: NATIONAL_SYSTEM_LOCK_HOURS }),
    t('tmsInterview.offer.rule.offer'),
    programme ? t('tmsInterview.offer.rule.programme', { programme }) : t('tmsInterview.offer.rule.programmeUnnamed'),
  ];
  return (
    <Card className="tms-interview__card" title={<h2 className="info-page__heading">{t('tmsInterview.offer.title')}</h2>}>
      <h3 className="tms-interview__subheading">{t('tmsInterview.offer.howTitle')}</h3>
      <ul className="tms-interview__rules">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <h3 className="tms-interview__subheading">{t('tmsInterview.offer.statusTitle')}</h3>
      <Alert type={ALERT_TYPES[offer?.state ?? 'none']} showIcon title={status(offer)} />
      {offer?.note && (
        <Descriptions
          className="tms-interview__offer-note"
          column={1}
          size="small"
          bordered
          items={[{ key: 'note', label: t('tmsInterview.offer.note'), children: <span className="tms-interview__notes">{offer.note}</span> }]}
        />
      )}
    </Card>
  );
}
