import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { cyclesOfJourney, type AdmissionArea } from '@gradus/contract/areas';
import { IMPLEMENTED_AREAS } from '@gradus/contract/menus';
import './cycle-switch.css';

/**
 * The cycles the back office runs: each journey's own and, for the doctoral journey, the Hong
 * Kong, Macao and Taiwan applicants' (gat), which has its own windows, fee and releases.
 */
export const STAFF_CYCLES: readonly AdmissionArea[] = IMPLEMENTED_AREAS.flatMap((area) => cyclesOfJourney(area));

/** The cycle a page shows, kept in the address (`?cycle=gat`) so a reload or a shared link keeps it. */
export function useCycle(): [AdmissionArea, (cycle: AdmissionArea) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('cycle');
  const cycle = STAFF_CYCLES.find((c) => c === asked) ?? STAFF_CYCLES[0]!;
  const choose = (next: AdmissionArea) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === STAFF_CYCLES[0]) out.delete('cycle');
        else out.set('cycle', next);
        return out;
      },
      { replace: true },
    );
  return [cycle, choose];
}

/** Chooses the cycle a timeline or a release list shows; nothing to choose with one cycle. */
export function CycleSwitch({ value, onChange }: { value: AdmissionArea; onChange: (cycle: AdmissionArea) => void }) {
  const { t } = useTranslation();
  if (STAFF_CYCLES.length < 2) return null;
  return (
    <div role="group" aria-label={t('cycle.which')} className="cycle-switch">
      <Segmented<AdmissionArea> value={value} onChange={onChange} options={STAFF_CYCLES.map((c) => ({ value: c, label: t(`cycle.name.${c}`) }))} />
    </div>
  );
}
