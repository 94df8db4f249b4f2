import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { resolveConfig } from 'vite';

/**
 * `npm start` builds the web app with the server's NODE_ENV, development by default (README). Vite builds
 * whatever NODE_ENV says, and React's development build puts the login page ~70 KB gzip over its budget
 * (bench/web-size.ts). Resolving the config as `vite build` and `vite` do is enough to see which build Vite
 * would make, without building.
 */
const WEB = join(import.meta.dirname, '../../..');
const savedNodeEnv = process.env.NODE_ENV;

async function resolvedUnder(nodeEnv: string, command: 'build' | 'serve') {
  process.env.NODE_ENV = nodeEnv;
  return resolveConfig({ root: WEB, configFile: join(WEB, 'vite.config.ts'), logLevel: 'silent' }, command);
}

describe('vite.config.ts', () => {
  afterEach(() => {
    process.env.NODE_ENV = savedNodeEnv;
  });

  it('makes a production build even when NODE_ENV=development', async () => {
    const config = await resolvedUnder('development', 'build');
    expect(config.isProduction).toBe(true);
    expect(process.env.NODE_ENV).toBe('production');
  });

  it('leaves the dev server in development', async () => {
    const config = await resolvedUnder('development', 'serve');
    expect(config.isProduction).toBe(false);
  });
});
