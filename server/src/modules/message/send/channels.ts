import type { FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import type nodemailerLib from 'nodemailer';
import { lazyRequire } from '../../../core/lazyModule.js';
import { MSG_TYPE } from '@pk/contract';
import { sanitizeRichHtml } from '../../../core/html/sanitize.js';
import { createUserNotice } from '../../../core/notify/userNotice.js';
import { MESSAGE_MSG } from '../definition.js';
import { resolveReceiverUserIds } from '../service.js';

/** One queued message (a sys_sms row) as a channel sees it. */
export interface OutgoingMessage {
  id: string;
  title: string;
  /** The rendered content (HTML for e-mail and system messages: sanitised by those channels before it leaves). */
  content: string;
  /** Comma separated: phone numbers, e-mail addresses, or usernames / user ids. */
  receiver: string;
  /** Who queued it (create_by): the sender of a system message. */
  sender: string;
}

/**
 * A way out for queued messages (es_type). `send` resolves when the message is handed over; it throws a
 * `PermanentSendError` when trying again cannot help (no such user, malformed address), any other error is retried.
 */
export interface MessageChannel {
  send(app: FastifyInstance, m: OutgoingMessage): Promise<void>;
}

/** A failure that no retry can fix: the row is marked failed without a next attempt. */
export class PermanentSendError extends Error {}

/** The receivers of a row: trimmed, non-empty, distinct. */
export function receivers(receiver: string): string[] {
  return [
    ...new Set(
      receiver
        .split(/[,\uFF0C;\uFF1B\s]+/) // , ， ; ；
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/* ───────────── system message (es_type 4): a USER announcement and its live push ───────────── */

export const systemChannel: MessageChannel = {
  async send(app, m) {
    const names = receivers(m.receiver);
    if (!names.length) throw new PermanentSendError(MESSAGE_MSG.noReceiver);
    const userIds = await resolveReceiverUserIds(app.ctx.db, names);
    if (!userIds.length) throw new PermanentSendError(MESSAGE_MSG.noUser(m.receiver));
    // the body becomes an announcement every receiver's browser renders: the one rich-text sanitiser, as 系统通告's
    await createUserNotice(app, { title: m.title, content: sanitizeRichHtml(m.content), category: '2', sender: m.sender, userIds });
  },
};

/* ───────────── e-mail (es_type 2): SMTP through nodemailer (SMTP_URL) ───────────── */

const EMAIL = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;

/** One SMTP transport per app context (a node), made on first use. */
const transports = new WeakMap<object, Transporter>();
/** Loaded with the first transport, not at start-up. */
const nodemailer = lazyRequire<typeof nodemailerLib>('nodemailer');

/** The node's SMTP transport, or null without SMTP_URL. */
function transportOf(app: FastifyInstance): Transporter | null {
  const url = app.ctx.config.smtpUrl;
  if (!url) return null;
  let t = transports.get(app.ctx);
  if (!t) {
    t = nodemailer().createTransport(url);
    transports.set(app.ctx, t);
  }
  return t;
}

/** Close the node's SMTP transport (the message module's onClose hook). */
export function closeMailTransport(app: FastifyInstance): void {
  transports.get(app.ctx)?.close();
  transports.delete(app.ctx);
}

/** The From address: SMTP_FROM, else the SMTP_URL's user when it is an address, else pirate-king@localhost. */
export function senderAddress(smtpUrl: string | null, smtpFrom: string | null): string {
  if (smtpFrom) return smtpFrom;
  try {
    const user = smtpUrl ? decodeURIComponent(new URL(smtpUrl).username) : '';
    if (EMAIL.test(user)) return user;
  } catch {
    // not a parseable URL: the default below
  }
  return 'pirate-king@localhost';
}

export const emailChannel: MessageChannel = {
  async send(app, m) {
    const to = receivers(m.receiver);
    if (!to.length) throw new PermanentSendError(MESSAGE_MSG.noReceiver);
    const bad = to.find((a) => !EMAIL.test(a));
    if (bad) throw new PermanentSendError(MESSAGE_MSG.badEmail(bad));
    const transport = transportOf(app);
    if (!transport) throw new Error(MESSAGE_MSG.noSmtp);
    const { smtpUrl, smtpFrom } = app.ctx.config;
    await transport.sendMail({ from: senderAddress(smtpUrl, smtpFrom), to, subject: m.title, html: sanitizeRichHtml(m.content) });
  },
};

/* ───────────── SMS (es_type 1): a provider interface; the built-in provider writes to the log ───────────── */

export interface SmsProvider {
  send(app: FastifyInstance, phone: string, text: string): Promise<void>;
}

/** The built-in provider: no SMS gateway, the message goes to the server log (info). */
export const logSmsProvider: SmsProvider = {
  async send(app, phone, text) {
    app.log.info({ phone, text }, 'SMS (log provider)');
  },
};

let smsProvider: SmsProvider = logSmsProvider;

/** Install a real SMS gateway (or a test double); returns the previous provider. */
export function setSmsProvider(p: SmsProvider): SmsProvider {
  const prev = smsProvider;
  smsProvider = p;
  return prev;
}

/** Send one text through the installed provider (issue 14 sign-in part: the SMS codes of modules/system/sms). */
export function sendSmsText(app: FastifyInstance, phone: string, text: string): Promise<void> {
  return smsProvider.send(app, phone, text);
}

const PHONE = /^\+?\d{5,20}$/;

export const smsChannel: MessageChannel = {
  async send(app, m) {
    const phones = receivers(m.receiver);
    if (!phones.length) throw new PermanentSendError(MESSAGE_MSG.noReceiver);
    const bad = phones.find((p) => !PHONE.test(p));
    if (bad) throw new PermanentSendError(MESSAGE_MSG.badPhone(bad));
    const text = m.title ? `${m.title}\n${m.content}` : m.content;
    for (const p of phones) await smsProvider.send(app, p, text);
  },
};

/** The channel of an es_type (WeChat, 3, has none: such rows fail without retry). */
export function channelFor(type: string | null): MessageChannel | null {
  switch (type) {
    case MSG_TYPE.system:
      return systemChannel;
    case MSG_TYPE.email:
      return emailChannel;
    case MSG_TYPE.sms:
      return smsChannel;
    default:
      return null;
  }
}
