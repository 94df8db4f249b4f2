import { Card, Descriptions, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampQualificationView } from '@gradus/contract/summer-camp/qualification';
import { useLocalName } from '@/lib/local-name';
import { useUniversityTime } from '@/lib/university-time';

/**
 * The camp and programme of the camper's place; before any place, those of their first choice,
 * said so, so that nobody reads a first choice as an offer.
 */
export function CampFacts({ view }: { view: CampQualificationView }) {
  const { t } = useTranslation();
  const name = useLocalName();
  const { day } = useUniversityTime();
  const wide = Grid.useBreakpoint().sm ?? true;
  const { camp, programme } = view;
  if (!camp) return null;
  const firstChoice = view.place === null;
  const where = camp.mode === 'online' ? t('camp.mode.online') : name({ nameZh: camp.placeZh ?? camp.placeEn ?? '', nameEn: camp.placeEn ?? camp.placeZh ?? '' }) || t('camp.mode.onsite');
  return (
    <Card title={<h2 className="info-page__heading">{t(firstChoice ? 'campQualification.camp.firstChoice' : 'campQualification.camp.title')}</h2>}>
      {firstChoice && <p className="info-page__hint info-page__hint--top">{t('campQualification.camp.firstChoiceHint')}</p>}
      <Descriptions
        column={1}
        size="small"
        bordered
        layout={wide ? 'horizontal' : 'vertical'}
        items={[
          { key: 'camp', label: t('campQualification.camp.name'), children: name(camp) },
          ...(programme ? [{ key: 'programme', label: t('campQualification.camp.programme'), children: `${name(programme)} (${programme.code})` }] : []),
          { key: 'dates', label: t('campQualification.camp.dates'), children: t('campQualification.camp.range', { from: day(camp.startsOn, 'medium'), to: day(camp.endsOn, 'medium') }) },
          { key: 'where', label: t('campQualification.camp.where'), children: where },
        ]}
      />
    </Card>
  );
}
