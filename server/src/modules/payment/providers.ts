import type { DB } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { PaymentProvider } from './provider';
import { SandboxProvider, type GatewayTransport } from './sandbox/provider';

/** The provider new orders use. Real providers (Alipay, WeChat Pay, UnionPay) are added here. */
export const DEFAULT_PROVIDER = 'sandbox';
/** Payments staff record by hand (bank transfer confirmed by finance); no gateway to ask. */
export const OFFLINE_PROVIDER = 'offline';

export interface ProviderDeps {
  db: DB;
  clock: Clock;
  /** How the built-in sandbox gateway is reached (inject into this server, or a standalone copy). */
  sandboxTransport: GatewayTransport;
  /** config.paymentSandbox: off in production, where the sandbox would mark orders paid for free. */
  sandboxEnabled: boolean;
}

export type ProviderLookup = (name: string) => PaymentProvider | null;

export function paymentProviders(deps: ProviderDeps): ProviderLookup {
  if (!deps.sandboxEnabled) return () => null;
  const sandbox = new SandboxProvider({ db: deps.db, clock: deps.clock, transport: deps.sandboxTransport });
  return (name) => (name === sandbox.name ? sandbox : null);
}
