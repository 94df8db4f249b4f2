import { createContext, useContext, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { menuPagePath } from '@/lib/menu-path';

/**
 * Which journey's fee this is. The doctoral and the tuimian applicant pay the same way through the
 * same calls under their own prefix, so the pages are one; the scope says whose calls, whose query
 * keys and whose fee page.
 */
export interface PaymentScope {
  /** The area's applicant payment calls (order, orders, checkout, query, receipt, offline, offlineUpload). */
  prefix: string;
  /** First element of the area's query keys: a confirmed payment refreshes the journey's other queries under it. */
  keyRoot: 'doctor' | 'tms';
  /** The area's fee page: where "Go to payment" leads and the gateway sends the browser back. */
  payPath: string;
  /** Translation prefix of the order's item: both areas' fee is the purpose 'applicationFee', named after the area. */
  purposeKeys: string;
}

export const DOCTOR_PAYMENT: PaymentScope = {
  prefix: '/mucgrs-service/doctor/payment',
  keyRoot: 'doctor',
  payPath: menuPagePath('payment/pay'),
  purposeKeys: 'payment.purpose',
};

export const TMS_PAYMENT: PaymentScope = {
  prefix: '/mucgrs-service/tms/payment',
  keyRoot: 'tms',
  payPath: menuPagePath('recommendedStudent/showPayInfo'),
  purposeKeys: 'payment.tms.purpose',
};

// The doctoral scope by default: the doctoral pages were written before there was a second one.
const Scope = createContext<PaymentScope>(DOCTOR_PAYMENT);

export function PaymentScopeProvider({ scope, children }: { scope: PaymentScope; children: ReactNode }) {
  return <Scope.Provider value={scope}>{children}</Scope.Provider>;
}

export const usePaymentScope = (): PaymentScope => useContext(Scope);

/** A payment query's key: under the area's root, beside the journey's other queries, which refreshJourney spares. */
export const paymentKey = <T extends readonly unknown[]>(scope: PaymentScope, ...rest: T) => [scope.keyRoot, 'payment', ...rest] as const;

/** After a payment is confirmed: everything else of the journey (menus, timeline, the information query) may have moved. */
export const refreshJourney = (client: QueryClient, scope: PaymentScope) =>
  client.invalidateQueries({ queryKey: [scope.keyRoot], predicate: (q) => q.queryKey[1] !== 'payment' });
