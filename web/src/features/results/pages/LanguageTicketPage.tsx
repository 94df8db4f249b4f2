import { TicketPage } from '../components/TicketPage';

/** print/index8: the foreign-language exam admission ticket. */
export default function LanguageTicketPage() {
  return <TicketPage kind="language" />;
}
