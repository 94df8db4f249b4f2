import { Alert, Card, Descriptions, Result, Skeleton, Space, Tabs } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { departmentReviews, SUMMER_CAMP_AREA } from '@gradus/contract/areas';
import { DEPARTMENT_REVIEW_STAGE, QUALIFICATION_REVIEW_STAGE } from '@gradus/contract/api/staff';
import type { ApplicationFileView } from '@gradus/contract/api/staff-file';
import { ReplyError } from '@/lib/request';
import { useSession } from '@/lib/session';
import { useApplicationFile } from '../api/file';
import { FileForm, isCampFile, isTmsFile } from '../components/file/FileForm';
import { MaterialViewer } from '../components/file/MaterialViewer';
import { AssignmentsTable, DecisionsTable, HistoryList, OrdersTable } from '../components/file/RecordCards';
import { RevealIdNumber } from '../components/file/RevealIdNumber';
import { ReviewActions } from '../components/review/ReviewActions';
import { StatusTag } from '../components/StatusTag';
import { useLocalName } from '@/lib/local-name';
import '../applications.css';
import '../review.css';

/** The states the list shows, read from the file itself. */
function statesOf(file: ApplicationFileView) {
  const photo = [...file.materials].reverse().find((m) => m.category === 'idPhoto');
  const outcome = (stage: string) => file.decisions.find((d) => d.stage === stage)?.outcome ?? 'pending';
  return {
    formStatus: file.form.status === 'none' ? 'draft' : file.form.status,
    // The summer camp has no fee: no fee state to show.
    payment: file.orders === null || file.area === SUMMER_CAMP_AREA ? null : file.orders.some((o) => o.status === 'paid') ? 'paid' : 'unpaid',
    photo: photo?.status ?? 'missing',
    departmentReview: departmentReviews(file.area) ? outcome(DEPARTMENT_REVIEW_STAGE) : null,
    qualification: outcome(QUALIFICATION_REVIEW_STAGE),
  };
}

/**
 * The review buttons a file offers. Where the school reviews first, its buttons (for the school or
 * the office) stay until the graduate school decided; the graduate school's wait, disabled, until
 * the school passed the application. A return is offered once, with the first row.
 */
function FileReviewActions({ file, who, states }: { file: ApplicationFileView; who: string; states: ReturnType<typeof statesOf> }) {
  const { t } = useTranslation();
  const submitted = file.form.status === 'submitted';
  if (states.departmentReview === null) {
    return <ReviewActions applicationId={file.applicationId} who={who} area={file.area} canDecide={file.allowed.decide} canReturn={file.allowed.returnForm} submitted={submitted} />;
  }
  const school = file.allowed.decideDepartment && states.qualification === 'pending';
  const waitingFor = states.departmentReview === 'pass' ? undefined : t('review.camp.waitForSchool');
  return (
    <Space direction="vertical" size={8}>
      {school && (
        <div className="file__review-step">
          <span className="file__review-label">{t('review.camp.step.department')}</span>
          <ReviewActions applicationId={file.applicationId} who={who} area={file.area} stage={DEPARTMENT_REVIEW_STAGE} canDecide canReturn={file.allowed.returnForm} submitted={submitted} />
        </div>
      )}
      {file.allowed.decide && (
        <div className="file__review-step">
          <span className="file__review-label">{t('review.camp.step.graduate')}</span>
          <ReviewActions
            applicationId={file.applicationId}
            who={who}
            area={file.area}
            stage={QUALIFICATION_REVIEW_STAGE}
            canDecide
            canReturn={!school && file.allowed.returnForm}
            submitted={submitted}
            waitingFor={waitingFor}
          />
        </div>
      )}
      {!school && !file.allowed.decide && file.allowed.returnForm && (
        <ReviewActions applicationId={file.applicationId} who={who} area={file.area} canDecide={false} canReturn submitted={submitted} />
      )}
    </Space>
  );
}

/**
 * staff/applicationFile (?id=): one application on one page: who, what they chose, where it stands,
 * the form as submitted, every material in a viewer, decisions, money and history. What the caller
 * sees and may do is the server's answer for their role and scope.
 */
export default function ApplicationFilePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const applicationId = Number.isInteger(id) && id > 0 ? id : null;
  const userId = useSession((s) => s.user?.userId ?? 0);
  const role = useSession((s) => s.roles[0] ?? '');
  const file = useApplicationFile(`${userId}:${role}`, applicationId);
  const localName = useLocalName();
  const back = (
    <Link to="/admissions/applications" className="file__back">
      <ArrowLeftOutlined aria-hidden /> {t('file.back')}
    </Link>
  );

  if (applicationId === null || file.isError) {
    return (
      <div className="page file">
        {back}
        <Result status="warning" title={file.error instanceof ReplyError ? file.error.message : t('file.notFound')} />
      </div>
    );
  }
  if (!file.data) {
    return (
      <div className="page file">
        {back}
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  const f = file.data;
  const states = statesOf(f);
  const person = f.form.personal;
  const who = `${person.name} (${person.registerNo})`;
  const tabs = [
    {
      key: 'form',
      label: t('file.tab.form'),
      children:
        f.form.status === 'none' ? (
          <Alert type="info" showIcon title={t('file.form.none')} />
        ) : (
          <>
            {f.form.status === 'returned' && f.form.returnReason && (
              <Alert className="file__notice" type="warning" showIcon title={t('file.form.returned', { reason: f.form.returnReason })} />
            )}
            <FileForm file={f} />
          </>
        ),
    },
    { key: 'materials', label: t('file.tab.materials', { count: f.materials.length }), children: <MaterialViewer materials={f.materials} /> },
    {
      key: 'reviews',
      label: t('file.tab.reviews'),
      children: (
        <Space direction="vertical" size="large" className="file__stack">
          <DecisionsTable file={f} />
          {f.assignments && (
            <Card size="small" title={t('file.assignments.title')}>
              <AssignmentsTable assignments={f.assignments} />
            </Card>
          )}
        </Space>
      ),
    },
    ...(f.orders && !isCampFile(f) ? [{ key: 'orders', label: t('file.tab.orders'), children: <OrdersTable orders={f.orders} /> }] : []),
    ...(f.history ? [{ key: 'history', label: t('file.tab.history'), children: <HistoryList history={f.history} area={f.area} /> }] : []),
  ];

  return (
    <div className="page file">
      {back}
      <div className="file__head">
        <div>
          <h1 className="page__title">{t('file.title', { name: person.name })}</h1>
          <Space wrap size={4} className="file__states">
            <StatusTag labelled kind="formStatus" value={states.formStatus} />
            {states.payment && <StatusTag labelled kind="payment" value={states.payment} />}
            {/* A camper's photo is checked by its rules on upload, nobody reviews it; a tuimian applicant uploads none. */}
            {!isCampFile(f) && !isTmsFile(f) && <StatusTag labelled kind="photo" value={states.photo} />}
            {states.departmentReview && <StatusTag labelled kind="departmentReview" value={states.departmentReview} />}
            <StatusTag labelled kind="qualification" value={states.qualification} />
          </Space>
        </div>
        <FileReviewActions file={f} who={who} states={states} />
      </div>
      <Descriptions
        className="file__facts"
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'number', label: t('applications.column.applicantNumber'), children: person.registerNo },
          { key: 'year', label: t('applications.filter.recruitYear'), children: f.recruitYear },
          { key: 'area', label: t('applications.filter.area'), children: t(`applications.area.${f.area}`) },
          { key: 'department', label: t('applications.column.department'), children: f.choice.department ? localName(f.choice.department) : '—' },
          { key: 'programme', label: t('applications.column.programme'), children: f.choice.programme ? `${localName(f.choice.programme)} ${f.choice.programme.code}` : '—' },
          { key: 'supervisor', label: t('file.supervisor'), children: f.choice.supervisor ?? '—' },
          { key: 'sex', label: t('form.field.sex'), children: person.sex ? t(`form.sex.${person.sex}`) : '—' },
          { key: 'idType', label: t('form.field.idType'), children: person.idType ? t(`form.idType.${person.idType}`) : '—' },
          { key: 'email', label: t('form.field.email'), children: person.email ?? '—' },
          { key: 'mobile', label: t('form.field.mobile'), children: person.mobile ?? '—' },
          { key: 'id', label: t('form.field.idNumber'), children: <RevealIdNumber key={f.applicationId} applicationId={f.applicationId} masked={person.idNumber} allowed={f.allowed.revealIdNumber} /> },
        ]}
      />
      <Tabs className="file__tabs" items={tabs} />
      <p className="applications__zone">{t('applications.timeZone')}</p>
    </div>
  );
}
