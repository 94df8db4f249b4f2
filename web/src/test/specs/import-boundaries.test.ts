import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ESLint } from 'eslint';

/**
 * The web layers of STYLE.md are enforced by ESLint (eslint.config.js). These probes prove the rule bites:
 * a probe file is linted as if it lived in web/src, and only the boundary rule's verdict is read.
 */
const ROOT = join(import.meta.dirname, '../../../..');
// The probes exist only as text: import/no-cycle needs files on disk to walk (its own test is the lint run).
const eslint = new ESLint({ cwd: ROOT, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

async function refusedImports(filePath: string, imports: readonly string[]): Promise<string[]> {
  const code = imports.map((source) => `import '${source}';`).join('\n');
  const [result] = await eslint.lintText(code, { filePath });
  const refusedLines = new Set(result!.messages.filter((m) => m.ruleId === 'boundaries/element-types').map((m) => m.line));
  return imports.filter((_, i) => refusedLines.has(i + 1));
}

describe('web import boundaries (eslint.config.js)', () => {
  it('refuses an import from one feature into another, through the @ alias or a relative path', async () => {
    const otherFeature = ['@/features/auth/pages/LoginPage', '../auth/pages/LoginPage', '../../features/auth/api/login'];
    expect(await refusedImports('web/src/features/payment/probe.ts', otherFeature)).toEqual(otherFeature);
    // Deeper in the feature, and lazily loaded: still refused.
    const [lazy] = await eslint.lintText("export const page = () => import('@/features/auth/pages/LoginPage');", {
      filePath: 'web/src/features/payment/components/probe.ts',
    });
    expect(lazy!.messages.map((m) => m.ruleId)).toContain('boundaries/element-types');
  });

  it('lets a feature import its own files both ways, lib/, locales and the contract', async () => {
    const allowed = [
      '@/features/payment/pages/PaymentPage',
      './pages/PaymentPage',
      '@/lib/request',
      '../../lib/request',
      '@/locales/en',
      '@gradus/contract',
      '@gradus/contract/menus',
    ];
    expect(await refusedImports('web/src/features/payment/probe.ts', allowed)).toEqual([]);
  });

  it('keeps the layers flowing one way: features never import app, lib imports neither features nor app', async () => {
    expect(await refusedImports('web/src/features/payment/probe.ts', ['@/app/pages', '../../app/pages'])).toHaveLength(2);
    const upward = ['@/features/payment/pages/PaymentPage', '../features/payment/pages/PaymentPage', '@/app/pages'];
    expect(await refusedImports('web/src/lib/probe.ts', upward)).toEqual(upward);
  });
});
