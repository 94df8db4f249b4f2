import { Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { PanelByLink } from '../components/link/PanelByLink';
import { PanelScreen } from '../components/PanelScreen';
import '../interview.css';

/**
 * /scoresReview?session=ID: a panel member scores an interview session on a tablet in the room,
 * outside the staff frame: the applicants in interview order down the side (big targets), one
 * applicant at a time on the programme's sheet, blind to the others until their own score is
 * submitted. The panel's progress is at the foot; the secretary locks the session there once
 * every score is in, and then the record prints. /scoresReview?token= is an external member's
 * interview link: the identity step and the declaration first, then the same screen.
 */
export default function ScoresReviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const signedIn = useSession((s) => s.token !== null);
  const sessionId = Number(params.get('session')) || null;
  const linkToken = params.get('token');

  // An external member's interview link: the same screen, after the link's own steps.
  if (linkToken !== null) return <PanelByLink token={linkToken} />;
  if (!signedIn) {
    const back = `/scoresReview${sessionId ? `?session=${sessionId}` : ''}`;
    return (
      <main className="scores-review scores-review--centred">
        <Result status="info" title={t('interview.signInTitle')} subTitle={t('interview.signInText')} extra={<Link to={`/login?redirect=${encodeURIComponent(back)}`}>{t('interview.signIn')}</Link>} />
      </main>
    );
  }
  const back = <Link to="/admissions/myInterviews" className="scores-review__back">{t('interview.backToMine')}</Link>;
  if (sessionId === null) {
    return (
      <main className="scores-review scores-review--centred">
        <Result status="info" title={t('interview.pickSession')} extra={back} />
      </main>
    );
  }
  return <PanelScreen sessionId={sessionId} back={back} />;
}

