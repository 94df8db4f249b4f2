import type { MenuGate } from '@gradus/contract';
import type { JourneyFacts } from './facts';

/**
 * Which menu gates are open for an applicant. Tickets need the release and a ticket of their own
 * (only qualified applicants get one); admission paperwork needs a published proposed admission.
 */
export function openGates(facts: JourneyFacts): Set<MenuGate> {
  const gates = new Set<MenuGate>();
  if (facts.form === 'submitted' || facts.form === 'returned') gates.add('formSubmitted');
  if (facts.tickets.has('language')) gates.add('languageTicket');
  if (facts.tickets.has('assessment')) gates.add('assessmentTicket');
  if (facts.tickets.size > 0) gates.add('anyTicket');
  if (facts.scores.has('language')) gates.add('languageScore');
  if (facts.scores.has('material')) gates.add('materialScore');
  if (facts.scores.has('assessment')) gates.add('assessmentScore');
  if (facts.scores.has('final')) gates.add('finalScore');
  if (facts.scores.size > 0) gates.add('anyScore');
  if (facts.decisions.proposedAdmission === 'pass') gates.add('admitted');
  return gates;
}
