import { Card, Descriptions, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampAdmissionBoardView } from '@gradus/contract/api/staff-camp-admission';
import { useLocalName } from '@/lib/local-name';
import { useUniversityTime } from '@/lib/university-time';

/** The counts the office admits against, in the order a place moves through them. */
const COUNTS = ['offered', 'confirmed', 'declined', 'expired', 'waitlisted', 'free'] as const;

/** The programme's places and where they stand, with the camp's dates and confirmation deadline. */
export function BoardSummary({ board }: { board: CampAdmissionBoardView }) {
  const { t } = useTranslation();
  const name = useLocalName();
  const time = useUniversityTime();
  const { camp, programme, counts } = board;
  return (
    <Card className="camp-admission__card" title={<h2 className="camp-admission__heading">{t('campAdmission.summary', { programme: name(programme) })}</h2>}>
      <ul className="camp-admission__counts" aria-label={t('campAdmission.countsLabel')}>
        <li>
          <Statistic title={t('campAdmission.count.places')} value={programme.capacity} />
        </li>
        {COUNTS.map((key) => (
          <li key={key}>
            <Statistic title={t(`campAdmission.count.${key}`)} value={counts[key]} />
          </li>
        ))}
      </ul>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
        items={[
          { key: 'camp', label: t('campAdmission.camp'), children: name(camp) },
          { key: 'dates', label: t('campAdmission.dates'), children: t('campAdmission.range', { from: time.day(camp.startsOn, 'medium'), to: time.day(camp.endsOn, 'medium') }) },
          { key: 'confirmBy', label: t('campAdmission.confirmClosesAt'), children: time.moment(camp.confirmClosesAt) },
        ]}
      />
    </Card>
  );
}
