import { Button, Grid, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CampAdmissionBoardView, CampCandidateView, CampPlaceStatus } from '@gradus/contract/api/staff-camp-admission';
import { universityOf } from '@gradus/contract/summer-camp/universities';
import { useLocalName } from '@/lib/local-name';
import { useUniversityTime } from '@/lib/university-time';

const STATUS_COLOURS: Record<CampPlaceStatus, string> = { offered: 'blue', confirmed: 'green', declined: 'default', expired: 'orange', waitlisted: 'gold' };

/** Who a row is, for the labels of its controls. */
export const who = (c: CampCandidateView) => `${c.name} (${c.applicantNumber})`;

/** A place in this programme the office may still take back: an offer not yet confirmed, or a waiting-list entry. */
export const withdrawable = (c: CampCandidateView, programmeId: number) =>
  c.place !== null && c.place.programmeId === programmeId && (c.place.status === 'offered' || c.place.status === 'waitlisted');

interface Props {
  board: CampAdmissionBoardView;
  selected: readonly number[];
  onSelect: (applicationIds: number[]) => void;
  onWithdraw: (candidate: CampCandidateView) => Promise<unknown>;
  busy: boolean;
}

/** Who can be chosen: a camper without a place, or one waiting on this programme's list (to be admitted from it). */
export const selectable = (c: CampCandidateView, programmeId: number): boolean => c.place === null || (c.place.status === 'waitlisted' && c.place.programmeId === programmeId);

/** The programme's eligible campers, best rank first as the server orders them; those without a place, or waiting for this programme, can be selected. */
export function CandidatesTable({ board, selected, onSelect, onWithdraw, busy }: Props) {
  const { t } = useTranslation();
  const name = useLocalName();
  const time = useUniversityTime();
  // On a phone a fixed column would cover the width: the row scrolls as one, inside the table.
  const wide = Grid.useBreakpoint().md ?? true;
  const programmeId = board.programme.id;

  const school = (c: CampCandidateView) => {
    const listed = c.school.code ? universityOf(c.school.code) : undefined;
    return listed ? name(listed) : c.school.name || c.school.code || '—';
  };
  const status = (c: CampCandidateView) => {
    const place = c.place;
    if (!place) return <Tag>{t('campAdmission.status.none')}</Tag>;
    if (place.programmeId !== programmeId) return <Tag color="purple">{t('campAdmission.status.elsewhere')}</Tag>;
    return (
      <div className="camp-admission__status">
        <Tag color={STATUS_COLOURS[place.status]}>{t(`campAdmission.status.${place.status}`)}</Tag>
        {place.status === 'waitlisted' && place.waitlistPosition !== null && <span>{t('campAdmission.position', { position: place.waitlistPosition })}</span>}
        {place.status === 'offered' && place.confirmBy && <span>{t('campAdmission.confirmBy', { time: time.plain(place.confirmBy) })}</span>}
      </div>
    );
  };
  const withdraw = (c: CampCandidateView) =>
    withdrawable(c, programmeId) ? (
      <Popconfirm
        title={t(c.place?.status === 'waitlisted' ? 'campAdmission.withdraw.waitlistTitle' : 'campAdmission.withdraw.offerTitle', { name: who(c) })}
        okText={t('campAdmission.withdraw.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onConfirm={() => onWithdraw(c)}
      >
        <Button size="small" danger disabled={busy} aria-label={t('campAdmission.withdraw.named', { name: who(c) })}>
          {t('campAdmission.withdraw.button')}
        </Button>
      </Popconfirm>
    ) : null;

  const columns: TableColumnsType<CampCandidateView> = [
    { key: 'number', title: t('campAdmission.column.number'), fixed: wide ? 'left' : undefined, render: (_, c) => <Link to={`/admissions/file?id=${c.applicationId}`}>{c.applicantNumber}</Link> },
    { key: 'name', title: t('campAdmission.column.name'), dataIndex: 'name' },
    { key: 'choice', title: t('campAdmission.column.choice'), render: (_, c) => t(`campAdmission.choice.${c.choice}`) },
    { key: 'school', title: t('campAdmission.column.school'), render: (_, c) => school(c) },
    { key: 'major', title: t('campAdmission.column.major'), render: (_, c) => c.major ?? '—' },
    { key: 'gpa', title: t('campAdmission.column.gpa'), render: (_, c) => (c.gpa !== null ? `${c.gpa} / ${c.gpaScale ?? '—'}` : '—') },
    { key: 'rank', title: t('campAdmission.column.rank'), render: (_, c) => (c.rank !== null ? `${c.rank} / ${c.cohortSize ?? '—'}` : '—') },
    { key: 'status', title: t('campAdmission.column.status'), render: (_, c) => status(c) },
    { key: 'actions', title: t('campAdmission.column.actions'), render: (_, c) => withdraw(c) },
  ];

  return (
    <Table<CampCandidateView>
      rowKey="applicationId"
      size="middle"
      className="camp-admission__table"
      columns={columns}
      dataSource={board.candidates}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('campAdmission.noCandidates') }}
      rowSelection={{
        type: 'checkbox',
        selectedRowKeys: [...selected],
        // A select-all would offer campers who already hold a place somewhere; each row is chosen on its own.
        hideSelectAll: true,
        columnTitle: <span className="camp-admission__hidden">{t('campAdmission.column.select')}</span>,
        onChange: (keys) => onSelect(keys.map(Number)),
        getCheckboxProps: (c) => ({ disabled: !selectable(c, board.programme.id) || busy, 'aria-label': t('campAdmission.selectNamed', { name: who(c) }) }),
      }}
    />
  );
}
