import type { ReactNode } from 'react';
import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PublicityListView, PublicityRowView } from '@gradus/contract/api/publicity';
import { KeyboardScroll } from '@/lib/ui/KeyboardScroll';
import { useLocalName } from '@/lib/local-name';
import { useCalendarDay } from '../calendar-day';

const STATE_COLOUR = { open: 'green', closed: 'default', scheduled: 'blue' } as const;

/**
 * The rows of a list (published or previewed): masked name, number, programme, the scores chosen, and on a supplementary list what each row does.
 * As wide as the page on a desktop (a long programme name wraps), scrolled sideways on a phone.
 */
export function PublicityRows({ rows, scoreKinds, supplementary, label }: { rows: PublicityRowView[]; scoreKinds: readonly string[]; supplementary: boolean; label: string }) {
  const { t } = useTranslation();
  const localName = useLocalName();
  const columns: TableColumnsType<PublicityRowView & { key: number }> = [
    { title: t('publicity.col.position'), key: 'position', render: (_v, _r, i) => i + 1, width: 56 },
    { title: t('publicity.col.name'), dataIndex: 'name', key: 'name' },
    { title: t('publicity.col.number'), dataIndex: 'applicantNumber', key: 'number' },
    { title: t('publicity.col.programme'), key: 'programme', render: (_v, r) => (r.programme ? `${localName(r.programme)} (${r.programme.code})` : '—') },
    ...scoreKinds.map((kind) => ({ title: t(`publicity.score.${kind}`), key: kind, align: 'right' as const, render: (_v: unknown, r: PublicityRowView) => r.scores[kind as keyof PublicityRowView['scores']] ?? '—' })),
    ...(supplementary ? [{ title: t('publicity.col.change'), key: 'change', render: (_v: unknown, r: PublicityRowView) => (r.change ? t(`publicity.change.${r.change}`) : '') }] : []),
  ];
  return (
    <KeyboardScroll label={label}>
      <Table size="small" pagination={false} columns={columns} dataSource={rows.map((r, i) => ({ ...r, key: i }))} scroll={{ x: 720 }} locale={{ emptyText: t('publicity.noRows') }} />
    </KeyboardScroll>
  );
}

/** One published list: what it is, its period in Beijing dates, what it amends, its note and rows. */
export function PublicityList({ list, headingLevel = 3, extra }: { list: PublicityListView; headingLevel?: 2 | 3; extra?: ReactNode }) {
  const { t } = useTranslation();
  const day = useCalendarDay();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = t(list.kind === 'original' ? 'publicity.titleOriginal' : 'publicity.titleSupplementary', { year: list.recruitYear, area: t(`publicity.area.${list.area}`) });
  const headingId = `publicity-list-${list.id}`;
  return (
    <article className="publicity-list" aria-labelledby={headingId}>
      <header className="publicity-list__head">
        <Heading id={headingId} className="publicity-list__title">
          {title}
        </Heading>
        <Tag color={STATE_COLOUR[list.state]}>{t(`publicity.state.${list.state}`)}</Tag>
        {extra}
      </header>
      <p className="publicity-list__period">
        {t('publicity.period', { start: day(list.startDate), end: day(list.endDate), days: list.workingDays })}
      </p>
      {list.amends && <p className="publicity-list__amends">{t('publicity.amends', { start: day(list.amends.startDate), id: list.amends.id })}</p>}
      {list.note && <p className="publicity-list__note">{list.note}</p>}
      <PublicityRows rows={list.rows} scoreKinds={list.scoreKinds} supplementary={list.kind === 'supplementary'} label={t('publicity.rowsOf', { title })} />
    </article>
  );
}
