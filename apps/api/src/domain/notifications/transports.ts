import { createHmac } from 'node:crypto';
import type { Language, NotificationChannel } from '@school-transport/contracts';
import { DEFAULT_TRANSPORT_TIMEOUT_MS, type TransportConfig } from './config.js';
import { maskEmail, maskPhone } from './phone.js';
import { hasTemplate } from './templates.js';

/** One message on its way out: the row's facts, the address in E.164 and the rendered text. */
export interface DeliveryMessage {
  id: string;
  channel: NotificationChannel;
  /** +973XXXXXXXX for sms; the address as stored for email. */
  to: string;
  text: string;
  templateKey: string;
  payload: unknown;
  language: Language;
  /** The message's facts in template order (WhatsApp template parameters). */
  params: string[];
}

export interface Transport {
  readonly name: string;
  send(message: DeliveryMessage): Promise<void>;
}

/** A failure that another try will not fix (a bad address, a refused request): the message fails at once. */
export class PermanentDeliveryError extends Error {}

export interface TransportLogger {
  info(object: Record<string, unknown>, message: string): void;
}

export const WEBHOOK_SIGNATURE_HEADER = 'x-outbox-signature';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The signature header's value for a body: `sha256=` and the hex HMAC-SHA256 of the exact bytes sent. */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Timeouts, 5xx, 408 and 429 are worth another try; other 4xx answers are not. */
function failureFor(status: number, detail: string): Error {
  const message = `Gateway answered ${status}${detail ? `: ${detail.slice(0, 300)}` : ''}`;
  return status >= 400 && status < 500 && status !== 408 && status !== 429 ? new PermanentDeliveryError(message) : new Error(message);
}

async function post(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    throw new Error(`Gateway unreachable: ${reason}`);
  }
}

/**
 * Writes each message to the server log, where it ends: nothing reaches the recipient. Outside
 * production (demos, development) the line holds the whole text. In production (maskPhones) it
 * holds the template key, the message id and the recipient masked (the country code and last 4
 * digits of a phone; the domain of an email address) and nothing of the text: a message names
 * children, their home addresses and one-time codes, and a server log is read and kept by more
 * people, for longer, than the outbox.
 */
export function logTransport(log: TransportLogger, options: { maskPhones?: boolean } = {}): Transport {
  return {
    name: 'log',
    async send(message) {
      if (!options.maskPhones) {
        log.info(
          { notificationId: message.id, channel: message.channel, to: message.to, templateKey: message.templateKey },
          `${message.channel.toUpperCase()} to ${message.to}: ${message.text}`,
        );
        return;
      }
      const to = message.channel === 'sms' ? maskPhone(message.to) : maskEmail(message.to);
      log.info(
        { notificationId: message.id, channel: message.channel, to, templateKey: message.templateKey },
        `${message.channel.toUpperCase()} to ${to}: ${message.templateKey} (${message.id})`,
      );
    },
  };
}

/**
 * POSTs `{ channel, to, text, templateKey, payload, id }` to any SMS or WhatsApp gateway. The
 * gateway checks the signature header against its copy of the secret, and uses the idempotency
 * key (the message id, the same on every try) to deliver a retried message once.
 */
export function webhookTransport(config: Extract<TransportConfig, { kind: 'webhook' }>): Transport {
  return {
    name: 'webhook',
    async send(message) {
      const body = JSON.stringify({
        channel: message.channel,
        to: message.to,
        text: message.text,
        templateKey: message.templateKey,
        payload: message.payload,
        id: message.id,
      });
      const response = await post(
        config.url,
        body,
        { [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(body, config.secret), [IDEMPOTENCY_HEADER]: message.id },
        config.timeoutMs ?? DEFAULT_TRANSPORT_TIMEOUT_MS,
      );
      if (!response.ok) throw failureFor(response.status, await response.text().catch(() => ''));
    },
  };
}

/** WhatsApp refuses template parameters with new lines, tabs, more than 4 spaces in a row, or empty ones. */
const whatsappParam = (value: string) => ({ type: 'text', text: value.replace(/\s+/g, ' ').trim() || '-' });

/**
 * The 'Not riding' quick-reply button of a message that offers one (a morning no-show): its
 * payload comes back in the webhook when the family taps it. The approved template must have the
 * button as its first.
 */
function replyButtons(payload: unknown): unknown[] {
  const reply = (payload as { notRidingReply?: unknown } | null)?.notRidingReply;
  if (typeof reply !== 'string' || reply === '') return [];
  return [{ type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: reply }] }];
}

/**
 * WhatsApp Cloud API template messages: each key's approved template (WHATSAPP_TEMPLATES) in the
 * recipient's language, with the rendered facts as body parameters {{1}}, {{2}}, ...
 *
 * The Cloud API documents no idempotency key for POST /messages: a repeated request is a second
 * message. The outbox's lease keeps two processes from sending one message; what remains is a try
 * whose answer was lost (a timeout after Meta accepted it), which is tried again. Each request
 * carries the outbox id as `biz_opaque_callback_data` (at most 512 characters, not processed by
 * the API), which comes back in the status webhooks, so a repeat can be recognised there.
 */
export function whatsappTransport(config: Extract<TransportConfig, { kind: 'whatsapp' }>): Transport {
  return {
    name: 'whatsapp',
    async send(message) {
      if (message.channel !== 'sms') throw new PermanentDeliveryError(`WhatsApp cannot deliver ${message.channel} messages`);
      const name = hasTemplate(message.templateKey) ? (config.templateNames[message.templateKey] ?? message.templateKey) : message.templateKey;
      const body = JSON.stringify({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.to.replace(/^\+/, ''),
        biz_opaque_callback_data: message.id,
        type: 'template',
        template: {
          name,
          language: { code: config.languageCodes[message.language] },
          components: [{ type: 'body', parameters: message.params.map(whatsappParam) }, ...replyButtons(message.payload)],
        },
      });
      const response = await post(
        `${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`,
        body,
        { authorization: `Bearer ${config.token}` },
        config.timeoutMs ?? DEFAULT_TRANSPORT_TIMEOUT_MS,
      );
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        let detail = text;
        try {
          detail = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
        } catch {
          // Not JSON: keep the text.
        }
        throw failureFor(response.status, detail);
      }
    },
  };
}

export function createTransport(config: TransportConfig, log: TransportLogger): Transport {
  switch (config.kind) {
    case 'webhook':
      return webhookTransport(config);
    case 'whatsapp':
      return whatsappTransport(config);
    default:
      return logTransport(log, { maskPhones: config.maskPhones ?? false });
  }
}
