import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_APPLICANTS } from '../db/seed/demo';
import { buildTestApp, call, type TestApp } from '../../test/harness';

/** A real SMTP exchange: the app's nodemailer transport talks to an smtp-server on loopback. */
describe('reset mail over SMTP', () => {
  const received: Array<{ from: string; to: string[]; raw: Buffer }> = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Admissions <admissions@gradus.test>' }, mailer: 'real' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers the reset link to the registered address, readable as UTF-8', async () => {
    const zhang = DEMO_APPLICANTS[0]!;
    const body = { userRegisterType: 1, number: '2027100001', idNumber: zhang.idNumber, email: zhang.email };
    const r = await call(t.app, '/api/v1/client/resetByEmail', { body, lang: 'zh-CN' });
    expect(r.code).toBe(0);
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((res) => setTimeout(res, 20));
    expect(received).toHaveLength(1);
    const mail = await simpleParser(received[0]!.raw);
    expect(received[0]!.to).toEqual([zhang.email]);
    expect(received[0]!.from).toBe('admissions@gradus.test');
    expect(mail.subject).toBe('设置您的 Gradus 账号新密码');
    expect(mail.text).toContain('张伟');
    expect(mail.text).toMatch(/\/auth-redirect\?token=[A-Za-z0-9_-]{43}/);
  });
});

describe('reset mail without SMTP_URL', () => {
  it('is written as an .eml file under DATA_DIR/outbox', async () => {
    const t = await buildTestApp({ mailer: 'real' });
    try {
      const li = DEMO_APPLICANTS[2]!;
      const body = { userRegisterType: 3, number: '2027300001', idNumber: li.idNumber, email: li.email };
      expect((await call(t.app, '/api/v1/client/resetByEmail', { body })).code).toBe(0);
      const outbox = path.join(t.dataDir, 'outbox');
      for (let i = 0; i < 500 && !(fs.existsSync(outbox) && fs.readdirSync(outbox).some((f) => f.endsWith('.eml'))); i++) await new Promise((res) => setTimeout(res, 20));
      const files = fs.readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const parsed = await simpleParser(fs.readFileSync(path.join(outbox, files[0]!)));
      expect(parsed.subject).toBe('Set a new password for your Gradus account');
      expect(parsed.text).toMatch(/auth-redirect\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      await t.close();
    }
  });
});
