import { useRef } from 'react';
import { Alert, Button, Empty, Skeleton, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ReplyError } from '@/lib/request';
import { useUniversityTime } from '@/lib/university-time';
import { useViewer } from '@/lib/viewer';
import { useLists } from '../api/lists';
import { CalendarEditor } from '../components/CalendarEditor';
import { ListForm, type ListFormHandle } from '../components/ListForm';
import { PublicityList } from '../components/PublicityList';
import '../publicity.css';

/**
 * staff/publicity: the proposed-admission lists (公示) and the working-day calendar (issue #10), the
 * admissions office's. A list is previewed, then published after a confirmation, and never changes
 * afterwards; a correction is a supplementary list. Publishing takes the publish permission: the
 * server refuses anyone without it, whatever this page offers.
 */
export default function PublicityOfficePage() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const lists = useLists(viewer);
  const time = useUniversityTime();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'calendar' ? 'calendar' : 'lists';
  const form = useRef<ListFormHandle>(null);

  return (
    <div className="page publicity-office">
      <h1 className="page__title">{t('menu.staff.publicity')}</h1>
      <p className="page__lead">{t('publicity.office.lead')}</p>
      {lists.isError && <Alert type="error" showIcon title={t('publicity.loadFailed')} description={lists.error instanceof ReplyError ? lists.error.message : undefined} />}
      {lists.isPending || !lists.data ? (
        <Skeleton active />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'calendar' ? { tab: 'calendar' } : {})}
          items={[
            {
              key: 'lists',
              label: t('publicity.office.tabLists'),
              children: (
                <>
                  <ListForm ref={form} data={lists.data} />
                  <section className="publicity-office__section" aria-labelledby="publicity-published-title">
                    <h2 id="publicity-published-title">{t('publicity.office.published')}</h2>
                    {lists.data.lists.length === 0 && <Empty description={t('publicity.office.none')} />}
                    {lists.data.lists.map((list) => (
                      <div key={list.id}>
                        <PublicityList
                          list={list}
                          extra={
                            list.kind === 'original' ? (
                              <Button size="small" onClick={() => form.current?.amend(list.id)}>
                                {t('publicity.office.amend')}
                              </Button>
                            ) : null
                          }
                        />
                        <p className="config__updated">{t('publicity.office.publishedBy', { who: list.publishedBy ?? '—', at: time.moment(list.publishedAt) })}</p>
                      </div>
                    ))}
                  </section>
                </>
              ),
            },
            { key: 'calendar', label: t('publicity.office.tabCalendar'), children: <CalendarEditor today={lists.data.today} /> },
          ]}
        />
      )}
    </div>
  );
}
