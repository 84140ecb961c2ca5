import { formatNumber, SRP_STATUS_LABELS, DOCTRINE_MATCH_LABELS, type SrpRequest } from '@eve-toolkit/shared-types';
import { cutTo, eveTime, messageStyle, type DiscordEmbed, type DiscordMessage } from '../../corp/domain/discord-message';

const isk = (v: number | null) => (v === null ? 'неизвестно' : `${formatNumber(v)} ISK`);

/**
 * The corporation's webhook message (Discord's format) of a request filed (`srp-filed`) or
 * decided (`srp-decided`): pilot, ship, place and time, loss value, suggested or approved payout,
 * the fleet and the doctrine match, the reason of a denial. No mention ever pings anyone.
 */
export function srpMessage(r: SrpRequest, kind: 'srp-filed' | 'srp-decided'): DiscordMessage {
  const { headline, color } = messageStyle(kind);
  const fields: DiscordEmbed['fields'] = [
    { name: 'Пилот', value: r.character.name, inline: true },
    { name: 'Корабль', value: r.ship.name, inline: true },
    { name: 'Где и когда', value: `${r.system.name}, ${eveTime(r.time)}`, inline: false },
    { name: 'Стоимость потери', value: isk(r.loss_value), inline: true },
  ];
  if (kind === 'srp-filed') fields.push({ name: 'Предлагаемая выплата', value: isk(r.suggested_payout), inline: true });
  else fields.push({ name: 'Решение', value: SRP_STATUS_LABELS[r.status], inline: true });
  if (kind === 'srp-decided' && r.status === 'approved') fields.push({ name: 'Выплата', value: isk(r.payout), inline: true });
  if (kind === 'srp-decided' && r.status === 'denied' && r.decision?.reason)
    fields.push({ name: 'Причина', value: cutTo(r.decision.reason, 'fieldValue'), inline: false });
  fields.push({ name: 'Флот', value: r.ping ? r.ping.name : 'вне флота', inline: true });
  if (r.doctrine_match) fields.push({ name: 'Доктрина', value: DOCTRINE_MATCH_LABELS[r.doctrine_match], inline: true });
  return {
    content: cutTo(`**${headline}:** ${r.character.name} — ${r.ship.name}`, 'content'),
    embeds: [
      {
        title: cutTo(`СРП: ${r.character.name} — ${r.ship.name}`, 'title'),
        color,
        timestamp: r.time,
        fields: fields.map((f) => ({ ...f, value: cutTo(f.value, 'fieldValue') })),
        footer: {
          text: cutTo(kind === 'srp-decided' && r.decision ? `Решил: ${r.decision.by}` : `Подал: ${r.filed_by}`, 'footer'),
        },
      },
    ],
    allowed_mentions: { parse: [] },
  };
}
