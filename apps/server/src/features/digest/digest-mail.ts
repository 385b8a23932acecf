import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';

/** SMTP through Nodemailer (DIGESTS.md, E-mail): one transport per configuration, SMTP_URL and MAIL_FROM. */

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachment: { filename: string; content: Buffer };
}

/** Whether e-mail can be sent at all (both variables set). */
export function mailReady(config: Config): boolean {
  return Boolean(config.smtpUrl && config.mailFrom);
}

const transports = new WeakMap<Config, Transporter>();

/** SMTP_URL as Nodemailer's options: smtps:// is TLS from the start (465), smtp:// upgrades when offered (587). */
export function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    // A server that never answers fails the try; the outbox tries again later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

function transportFor(config: Config): Transporter {
  let transport = transports.get(config);
  if (!transport) {
    transport = nodemailer.createTransport(smtpOptions(config.smtpUrl!));
    transports.set(config, transport);
  }
  return transport;
}

/** Sends one message; answers '' when the server accepted it, else a short Chinese error (never throws). */
export async function sendMail(config: Config, message: MailMessage): Promise<string> {
  if (!mailReady(config)) return '未配置邮件服务器（SMTP_URL）';
  try {
    const info = await transportFor(config).sendMail({
      from: config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: [
        {
          filename: message.attachment.filename,
          content: message.attachment.content,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
    });
    const refused = (info.rejected ?? []).map(String);
    return refused.length > 0 ? `邮件服务器拒收：${refused.join('、')}`.slice(0, 300) : '';
  } catch (error) {
    return mailError(error);
  }
}

/** What 发送记录 shows for a failed try: the server's answer or the connection's failure, without the URL. */
function mailError(error: unknown): string {
  const failure = error as { code?: string; responseCode?: number; response?: string; message?: string };
  if (failure.responseCode)
    return `邮件服务器拒绝（${failure.responseCode}）：${(failure.response ?? '').slice(0, 200)}`;
  return `邮件发送失败：${(failure.code ?? failure.message ?? String(error)).slice(0, 200)}`;
}
