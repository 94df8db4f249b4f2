import { Card } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CampAdmissionBoardView } from '@gradus/contract/api/staff-camp-admission';
import { who } from './CandidatesTable';

/** The programme's waiting list in position order: the first is offered the next place that frees. */
export function WaitingList({ board }: { board: CampAdmissionBoardView }) {
  const { t } = useTranslation();
  const waiting = board.candidates
    .flatMap((c) => (c.place?.programmeId === board.programme.id && c.place.status === 'waitlisted' ? [{ candidate: c, position: c.place.waitlistPosition ?? Number.MAX_SAFE_INTEGER }] : []))
    .sort((a, b) => a.position - b.position);
  return (
    <Card className="camp-admission__card" title={<h2 className="camp-admission__heading">{t('campAdmission.waitingList')}</h2>}>
      {waiting.length === 0 ? (
        <p className="camp-admission__muted">{t('campAdmission.waitingListEmpty')}</p>
      ) : (
        <ol className="camp-admission__waiting" aria-label={t('campAdmission.waitingList')}>
          {waiting.map(({ candidate, position }) => (
            <li key={candidate.applicationId} value={position}>
              <Link to={`/admissions/file?id=${candidate.applicationId}`}>{who(candidate)}</Link>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
