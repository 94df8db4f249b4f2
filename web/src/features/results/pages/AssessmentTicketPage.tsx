import { TicketPage } from '../components/TicketPage';

/** print/index9: the comprehensive-assessment admission ticket. */
export default function AssessmentTicketPage() {
  return <TicketPage kind="assessment" />;
}
