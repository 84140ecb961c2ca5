import { Avatar, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { formatDateTime, formatIsk, formatSecurity, securityColor, type CharacterCard as Card } from '@eve-toolkit/shared-types';
import classes from './character-card.module.css';

export interface CharacterCardProps {
  character: Card;
  /** The owner may unlink (and re-link) the character; admins only look. */
  onUnlink?: () => void;
  unlinking?: boolean;
}

/** One linked character: portrait, name, current system coloured by security, wallet, new mail. */
export function CharacterCard({ character: c, onUnlink, unlinking }: CharacterCardProps) {
  return (
    <Paper withBorder p="sm" radius="md" className={classes.card} data-testid={`character-${c.id}`}>
      <Avatar src={c.icon} alt={`Портрет ${c.name}`} radius="sm" size={64}>
        {c.name.slice(0, 1)}
      </Avatar>
      <div className={classes.body}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} truncate>
            {c.name}
          </Text>
          {c.needs_relink && (
            <Badge color="orange" variant="light" title="EVE Online отозвал доступ: привяжите персонажа заново">
              Нужна повторная привязка
            </Badge>
          )}
        </Group>
        <Text size="sm">
          Система:{' '}
          {c.system ? (
            <span className={classes[securityColor(c.system.sec)]} data-sec={securityColor(c.system.sec)}>
              {c.system.name} {formatSecurity(c.system.sec)}
            </span>
          ) : (
            <span>неизвестно</span>
          )}
        </Text>
        <Text size="sm">Кошелёк: {c.wallet === null ? '—' : formatIsk(c.wallet)}</Text>
        <Text size="sm">Новых писем: {c.new_mails === null ? '—' : c.new_mails}</Text>
        {c.updated_at && (
          <Text size="xs" c="dimmed">
            Обновлено {formatDateTime(c.updated_at)}
          </Text>
        )}
      </div>
      {onUnlink && (
        <Button size="xs" variant="subtle" color="red" loading={unlinking} onClick={onUnlink} aria-label={`Отвязать ${c.name}`}>
          Отвязать
        </Button>
      )}
    </Paper>
  );
}

/** The game-login button: the look of CCP's «LOG IN with EVE Online» image, in Russian (its name is its text). */
export function EveLoginButton({ onClick, busy }: { onClick: () => void; busy?: boolean }) {
  return (
    <button type="button" className={classes.eveButton} onClick={onClick} disabled={busy}>
      <span className={classes.eveSmall}>Войти через </span>
      <span className={classes.eveLarge}>EVE ONLINE</span>
    </button>
  );
}
