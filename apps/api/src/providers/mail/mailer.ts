import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Milliseconds nodemailer waits to connect, for the greeting, and on a silent socket (its defaults: 2 min, 30 s, 10 min). */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * SMTP when `smtpUrl` is set; otherwise every message is written as an .eml file under
 * `DATA_DIR/outbox/` (real MIME, openable in any mail client). The log names the file, never its
 * links: a reset link in a log would be a password for whoever reads the logs.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    // Bounded well inside the mail worker's claim (a mail is taken over after 5 minutes): a server that stops
    // answering fails this try rather than outliving the claim and being sent twice (decision 040).
    const transport = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`);
      writeFileSync(file, info.message as Buffer);
      options.log.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}
