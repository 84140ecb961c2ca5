import { lazy, Suspense, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import {
  PING_TYPE_LABELS,
  RSVP_ANSWERS,
  RSVP_LABELS,
  securityColor,
  SRP_LABEL,
  type Ping,
  type RsvpAnswer,
} from '@eve-toolkit/shared-types';
import { useNow } from '../../../shared/use-now';
import { systemLabel } from '../../../shared/system-label';
import { TypeIcon } from '../../../shared/ui/type-icon';
import { errorText, isAuthError, useCancelPing, useRsvpPing } from '../api/corp.api';
import { countdownText, etText, localText } from '../lib/ping-time';
import { PingDoctrine } from './ping-doctrine';

const PingForm = lazy(() => import('./ping-form').then((m) => ({ default: m.PingForm })));

/** Ticks on its own: only the countdown re-renders every second. */
function Countdown({ date }: { date: string }) {
  const now = useNow();
  return (
    <Text span size="sm" fw={600} data-testid="event-countdown" style={{ whiteSpace: 'nowrap' }}>
      {countdownText(date, now)}
    </Text>
  );
}

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <Text size="sm" data-testid={testId}>
      <Text span c="dimmed">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/**
 * One ping: title, type, when (ET, the viewer's local time, a countdown), where the fleet forms
 * up, doctrine, comms, SRP, FC, the answers (the viewer's own pressed), and for its author, FC
 * and admins «Изменить» / «Отменить пинг». A cancelled ping stays until its start, struck
 * through, with who cancelled it and when, its answers shown but no longer to be given.
 */
export function PingCard({ event: e }: { event: Ping }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rsvp = useRsvpPing();
  const cancel = useCancelPing();
  const failed = [rsvp, cancel].find((m) => m.isError && !isAuthError(m.error));
  const answer = (a: RsvpAnswer) => rsvp.mutate({ id: e.id, answer: a });

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={`event-${e.id}`}
      data-cancelled={e.cancelled ? true : undefined}
      aria-label={`Пинг «${e.name}»${e.cancelled ? ' (отменён)' : ''}`}
      component="article"
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <TypeIcon src={e.icon} size={40} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text
              fw={600}
              data-testid="event-name"
              td={e.cancelled ? 'line-through' : undefined}
              c={e.cancelled ? 'dimmed' : undefined}
            >
              {e.name}
            </Text>
            {e.cancelled && (
              <Badge color="red" variant="light" tt="none" data-testid="event-cancelled-badge">
                Отменён
              </Badge>
            )}
            <Badge variant="light" tt="none">
              {PING_TYPE_LABELS[e.type] ?? e.type}
            </Badge>
            {e.srp && (
              <Badge color="green" variant="light" tt="none" data-testid="event-srp">
                {SRP_LABEL}
              </Badge>
            )}
          </Group>
          {e.cancelled && (
            <Text size="sm" fw={600} data-testid="event-cancelled" role="note" style={{ color: 'var(--mantine-color-red-text)' }}>
              Отменил {e.cancelled.by} {localText(e.cancelled.at)} (ваше время)
            </Text>
          )}
          <Text size="sm" td={e.cancelled ? 'line-through' : undefined} c={e.cancelled ? 'dimmed' : undefined}>
            {/* A date and time never split across lines. */}
            <span data-testid="event-et" style={{ whiteSpace: 'nowrap' }}>
              {etText(e.date)}
            </span>{' '}
            ·{' '}
            <span data-testid="event-local" style={{ whiteSpace: 'nowrap' }}>
              {localText(e.date)}
            </span>{' '}
            (ваше время){e.cancelled ? '' : ' · '}
            {!e.cancelled && <Countdown date={e.date} />}
          </Text>
          {e.formup && (
            <Field label="Сбор" testId="event-formup">
              <Text span c={securityColor(e.formup.security)} fw={600}>
                {systemLabel(e.formup)}
              </Text>
            </Field>
          )}
          {e.doctrine_ref ? (
            <PingDoctrine event={e} />
          ) : (
            e.doctrine && (
              <Field label="Доктрина" testId="event-doctrine">
                {e.doctrine}
              </Field>
            )
          )}
          {e.comms && (
            <Field label="Связь" testId="event-comms">
              {e.comms}
            </Field>
          )}
          {e.fc && (
            <Field label="ФК" testId="event-fc">
              {e.fc}
            </Field>
          )}
          {e.desc && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {e.desc}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Автор: {e.author}
          </Text>
          {failed && (
            <Alert color="red" variant="light" role="alert" p="xs">
              {errorText(failed.error)}
            </Alert>
          )}
          <Group gap="xs" role="group" aria-label="Ваш ответ" data-testid="event-rsvp">
            {RSVP_ANSWERS.map((a) => (
              <Button
                key={a}
                size="compact-sm"
                variant={e.rsvp.mine === a ? 'filled' : 'default'}
                aria-pressed={e.rsvp.mine === a}
                disabled={!!e.cancelled}
                onClick={() => answer(a)}
                data-testid={`rsvp-${a}`}
              >
                {RSVP_LABELS[a]} · {e.rsvp[a]}
              </Button>
            ))}
            {e.can_edit && !editing && !e.cancelled && (
              <Group gap="xs" ml="auto">
                <Button size="compact-sm" variant="light" onClick={() => setEditing(true)}>
                  Изменить
                </Button>
                {confirming ? (
                  <>
                    <Button size="compact-sm" color="red" loading={cancel.isPending} onClick={() => cancel.mutate({ id: e.id })}>
                      Да, отменить
                    </Button>
                    <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)}>
                      Нет
                    </Button>
                  </>
                ) : (
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirming(true)}>
                    Отменить пинг
                  </Button>
                )}
              </Group>
            )}
          </Group>
          {editing && (
            <Suspense fallback={<Skeleton height={240} radius="md" />}>
              <PingForm mode="edit" event={e} onDone={() => setEditing(false)} />
            </Suspense>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
