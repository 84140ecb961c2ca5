import { PING_TYPE_LABELS, formatSecurity, SRP_LABEL, type PingType, type WebhookDeliveryKind } from '@eve-toolkit/shared-types';

/** What a webhook message says about a ping (a Ping carries these fields). */
export interface PingSummary {
  id: string;
  name: string;
  desc: string;
  type: PingType;
  /** ISO, UTC (= EVE time). */
  date: string;
  author: string;
  formup?: { name: string; security?: number | null } | null;
  doctrine?: string | null;
  comms?: string | null;
  srp?: boolean | null;
  fc?: string | null;
}

/** A message in Discord's webhook format (also what Slack-compatible relays and others accept). */
export interface DiscordMessage {
  content: string;
  embeds: DiscordEmbed[];
  /** No @everyone, @here, role or user mention from a ping's text ever pings anybody. */
  allowed_mentions: { parse: [] };
}

export interface DiscordEmbed {
  title: string;
  description?: string;
  color: number;
  timestamp: string;
  fields: { name: string; value: string; inline?: boolean }[];
  footer?: { text: string };
}

/** Discord's limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
const LIMIT = { content: 2000, title: 256, description: 4096, fieldValue: 1024, footer: 2048 } as const;

const HEADLINE: Record<WebhookDeliveryKind, string> = {
  created: 'Новый пинг',
  updated: 'Пинг изменён',
  cancelled: 'Пинг отменён',
  test: 'Проверка вебхука',
  'srp-filed': 'Новая заявка СРП',
  'srp-decided': 'Заявка СРП решена',
};

/** Embed colours: blue (new), amber (changed), red (cancelled), grey (test). */
const COLOR: Record<WebhookDeliveryKind, number> = {
  created: 0x3b82f6,
  updated: 0xf59e0b,
  cancelled: 0xdc2626,
  test: 0x6b7280,
  'srp-filed': 0x8b5cf6,
  'srp-decided': 0x16a34a,
};

/** The headline and colour of a kind of message (ship replacement writes its own, srp/domain/srp-message.ts). */
export const messageStyle = (kind: WebhookDeliveryKind) => ({ headline: HEADLINE[kind], color: COLOR[kind] });

/** Cuts a text to Discord's limit of the field. */
export const cutTo = (s: string, field: keyof typeof LIMIT) => cut(s, LIMIT[field]);

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** `2030-01-01 12:00 ET` */
export const eveTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} ET`;

/**
 * The message for one ping change. The time is given in EVE time and as Discord timestamps, which
 * each reader's client shows in their own time zone and as a countdown (`<t:…:F>`, `<t:…:R>`).
 */
export function pingMessage(ping: PingSummary, kind: WebhookDeliveryKind): DiscordMessage {
  const unix = Math.floor(Date.parse(ping.date) / 1000);
  const fields: DiscordEmbed['fields'] = [
    { name: 'Время', value: `${eveTime(ping.date)}\n<t:${unix}:F> (<t:${unix}:R>)`, inline: false },
    { name: 'Тип', value: PING_TYPE_LABELS[ping.type] ?? ping.type, inline: true },
  ];
  if (ping.formup) {
    const sec = ping.formup.security;
    const where = sec === null || sec === undefined ? ping.formup.name : `${ping.formup.name} (${formatSecurity(sec)})`;
    fields.push({ name: 'Сбор', value: where, inline: true });
  }
  if (ping.doctrine) fields.push({ name: 'Доктрина', value: ping.doctrine, inline: true });
  if (ping.comms) fields.push({ name: 'Связь', value: ping.comms, inline: true });
  if (ping.srp !== null && ping.srp !== undefined) fields.push({ name: SRP_LABEL, value: ping.srp ? 'Да' : 'Нет', inline: true });
  if (ping.fc) fields.push({ name: 'ФК', value: ping.fc, inline: true });
  const title = kind === 'cancelled' ? `~~${ping.name}~~` : ping.name;
  return {
    content: cut(`**${HEADLINE[kind]}:** ${ping.name}`, LIMIT.content),
    embeds: [
      {
        title: cut(title, LIMIT.title),
        ...(ping.desc ? { description: cut(ping.desc, LIMIT.description) } : {}),
        color: COLOR[kind],
        timestamp: ping.date,
        fields: fields.map((f) => ({ ...f, value: cut(f.value, LIMIT.fieldValue) })),
        footer: { text: cut(`Автор: ${ping.author}`, LIMIT.footer) },
      },
    ],
    allowed_mentions: { parse: [] },
  };
}
