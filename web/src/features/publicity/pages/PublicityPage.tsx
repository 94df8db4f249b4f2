import { Alert, Empty, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ReplyError } from '@/lib/request';
import { LanguageSelect } from '@/lib/ui/LanguageSelect';
import { usePublicLists } from '../api/public-lists';
import { PublicityList } from '../components/PublicityList';
import '../publicity.css';

/**
 * /publicity: the proposed-admission lists (公示) for anyone, signed in or not (issue #10): the lists
 * in their period first, then the closed ones, each with its period in Beijing dates and, for a
 * supplementary list, the list it amends. Names are masked; nothing else of the applicant is shown.
 */
export default function PublicityPage() {
  const { t } = useTranslation();
  const lists = usePublicLists();
  return (
    <div className="publicity-public">
      <header className="publicity-public__bar">
        <span className="publicity-public__brand">{t('publicity.brand')}</span>
        <nav aria-label={t('publicity.navLabel')} className="publicity-public__nav">
          <Link to="/login">{t('publicity.signIn')}</Link>
          <LanguageSelect showName />
        </nav>
      </header>
      <main id="main-content" className="publicity-public__main">
        <h1 className="publicity-public__title">{t('publicity.pageTitle')}</h1>
        <p className="publicity-public__lead">{t('publicity.lead')}</p>
        {lists.isError && <Alert type="error" showIcon title={t('publicity.loadFailed')} description={lists.error instanceof ReplyError ? lists.error.message : undefined} />}
        {lists.isPending ? (
          <Skeleton active />
        ) : (
          <>
            <section aria-labelledby="publicity-current" className="publicity-public__section">
              <h2 id="publicity-current">{t('publicity.current')}</h2>
              {lists.data?.current.length ? lists.data.current.map((list) => <PublicityList key={list.id} list={list} />) : <Empty description={t('publicity.noCurrent')} />}
            </section>
            <section aria-labelledby="publicity-past" className="publicity-public__section">
              <h2 id="publicity-past">{t('publicity.past')}</h2>
              {lists.data?.past.length ? lists.data.past.map((list) => <PublicityList key={list.id} list={list} />) : <Empty description={t('publicity.noPast')} />}
            </section>
          </>
        )}
      </main>
    </div>
  );
}
