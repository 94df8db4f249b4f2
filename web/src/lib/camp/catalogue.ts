import { useTranslation } from 'react-i18next';
import type { CampCatalogueCamp, CampCatalogueView } from '@gradus/contract/summer-camp/form';
import { localName } from '@/lib/catalogue-names';
import { useUniversityTime } from '@/lib/university-time';

/**
 * Reading a camp catalogue, shared by the camper's form and the back office's file page (a feature
 * may not import another, so what both need lives here).
 */

/** Where a programme is offered: its camp and the programme itself, if the catalogue still lists it. */
export function findProgramme(catalogue: CampCatalogueView | undefined, programmeId: number | undefined) {
  for (const camp of catalogue?.camps ?? []) {
    const programme = camp.programmes.find((p) => p.id === programmeId);
    if (programme) return { camp, programme };
  }
  return undefined;
}

/** A camp in one line: name, dates, where (or online), and when applications close. */
export function useCampLine() {
  const { t, i18n } = useTranslation();
  const { moment } = useUniversityTime();
  return (camp: CampCatalogueCamp) =>
    t('camp.choice.campLine', {
      name: localName(i18n.language, camp.nameZh, camp.nameEn),
      dates: t('camp.choice.dates', { from: camp.startsOn, to: camp.endsOn }),
      place: camp.mode === 'online' ? t('camp.mode.online') : localName(i18n.language, camp.placeZh ?? '', camp.placeEn ?? '') || t('camp.mode.onsite'),
      window: t('camp.choice.window', { from: moment(camp.applyOpensAt), to: moment(camp.applyClosesAt) }),
    });
}
