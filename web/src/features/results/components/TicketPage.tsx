import { FilePdfOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Grid, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketKind } from '@gradus/contract/doctor/journey';
import type { AdmissionTicketView, TicketResultView } from '@gradus/contract/doctor/results';
import { useTicket } from '../api/ticket';
import { useTicketPdf } from '../api/ticketPdf';
import { useTicketPhoto } from '../api/ticketPhoto';
import { NotPublished } from './NotPublished';
import { PageFrame, QueryBody } from './PageFrame';
import { useFormat } from './useFormat';

/** The ID photo as the printed ticket shows it; an empty frame when there is no approved one. */
function TicketPhoto({ filePath }: { filePath: string | null }) {
  const { t } = useTranslation();
  const url = useTicketPhoto(filePath);
  return (
    <figure className="results__photo">
      {url ? (
        <img src={url} alt={t('results.ticket.photo')} />
      ) : (
        // The sentence beside the frame says why it is empty.
        <div className="results__photo-empty" aria-hidden>
          <UserOutlined aria-hidden />
        </div>
      )}
    </figure>
  );
}

/** `preview`: the office's "view as applicant": the ticket as shown, without the applicant's own PDF. */
function TicketDetails({ ticket, preview = false }: { ticket: AdmissionTicketView; preview?: boolean }) {
  const { t } = useTranslation();
  const { examTime } = useFormat();
  const pdf = useTicketPdf(ticket.kind);
  // Labels above values on a phone: a two-column bordered table does not fit 375 px.
  const wide = Grid.useBreakpoint().sm ?? true;
  const rows: Array<[string, string]> = [
    ['ticketNo', ticket.ticketNo],
    ['name', ticket.name],
    ['applicantNumber', ticket.applicantNumber],
    ['idNumber', ticket.idNumber],
    ['subject', ticket.subject],
    ['time', examTime(ticket.startsAt, ticket.endsAt)],
    ['venue', ticket.venue],
    ['room', ticket.room],
    ['seat', ticket.seat],
  ];
  return (
    <Card className="results__card">
      <div className="results__ticket-head">
        <TicketPhoto filePath={ticket.photoPath} />
        {!ticket.photoPath && <Typography.Text type="secondary">{t('results.ticket.noPhoto')}</Typography.Text>}
      </div>
      <Descriptions
        column={1}
        bordered
        size="middle"
        layout={wide ? 'horizontal' : 'vertical'}
        items={rows.map(([key, value]) => ({ key, label: t(`results.ticket.${key}`), children: <span data-testid={`ticket-${key}`}>{value}</span> }))}
      />
      {ticket.notes && (
        <div className="results__notes">
          <Typography.Title level={2} className="results__subheading">
            {t('results.ticket.notes')}
          </Typography.Title>
          <Typography.Paragraph className="results__notes-text">{ticket.notes}</Typography.Paragraph>
        </div>
      )}
      {!preview && (
        <div className="results__actions">
          <Button type="primary" size="large" icon={<FilePdfOutlined aria-hidden />} loading={pdf.isPending} block={!wide} onClick={() => pdf.mutate()}>
            {t('results.ticket.download')}
          </Button>
          <Typography.Text type="secondary">{pdf.data === 'saved' ? t('results.ticket.saved') : t('results.ticket.downloadHint')}</Typography.Text>
        </div>
      )}
    </Card>
  );
}

/** A ticket's result as the applicant reads it: not published, none (not qualified), or the ticket. */
export function TicketResult({ kind, result, preview = false }: { kind: TicketKind; result: TicketResultView; preview?: boolean }) {
  const { t } = useTranslation();
  if (!result.published) return <NotPublished />;
  if (!result.ticket) return <Result status="info" title={t('results.ticket.none')} subTitle={t(`results.ticket.noneHint.${kind}`)} />;
  return <TicketDetails ticket={result.ticket} preview={preview} />;
}

/** An exam's admission ticket: its details and the printable PDF, once released and only if qualified. */
export function TicketPage({ kind }: { kind: TicketKind }) {
  const { t } = useTranslation();
  const query = useTicket(kind);
  return (
    <PageFrame title={t(`menu.print.${kind}Ticket`)} lead={t(`results.lead.${kind}Ticket`)}>
      <QueryBody query={query}>{(result) => <TicketResult kind={kind} result={result} />}</QueryBody>
    </PageFrame>
  );
}
