import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Button, Group, Text, UnstyledButton } from '@mantine/core';
import { MESSAGES } from '@eve-toolkit/shared-types';
import { notify } from '../../shared/notify';
import { useSession } from '../../shared/session';
import classes from './header.module.css';

const SESSION_ERROR_ID = 'session-error';

/** Guest: 'Войти'. Signed in: the username linking to the profile (spec §2 auth widget). */
export function AuthWidget({ onNavigate, placement = 'header' }: { onNavigate?: () => void; placement?: 'header' | 'drawer' }) {
  const inHeader = placement === 'header';
  const { data, isPending, isError } = useSession();

  useEffect(() => {
    if (isError) {
      notify({ id: SESSION_ERROR_ID, color: 'red', title: 'Сессия', message: MESSAGES.sessionFailed });
    }
  }, [isError]);

  // Plain elements for the placeholder and the initial (Mantine's Skeleton and Avatar would weigh on every first load).
  if (isPending) return <span className={classes.sessionPlaceholder} role="status" aria-label="Загрузка сессии" />;

  if (data?.isAuthenticated && data.username) {
    return (
      <UnstyledButton
        component={Link}
        to={`/account/user/${encodeURIComponent(data.username)}`}
        className={inHeader ? classes.user : classes.userDrawer}
        onClick={onNavigate}
      >
        {/* The name is the visible text (WCAG 2.5.3), with «Профиль» for screen readers. */}
        <span className="visually-hidden">Профиль </span>
        <Group gap={8} wrap="nowrap">
          <span className={classes.initial} aria-hidden>
            {data.username.slice(0, 1).toUpperCase()}
          </span>
          <Text fw={600} size="sm" truncate maw={140}>
            {data.username}
          </Text>
        </Group>
      </UnstyledButton>
    );
  }

  return (
    <Button
      component={Link}
      to="/account/login"
      variant={inHeader ? 'white' : 'filled'}
      color={inHeader ? 'dark' : undefined}
      size={inHeader ? 'xs' : 'sm'}
      radius="xl"
      px="md"
      fullWidth={!inHeader}
      onClick={onNavigate}
    >
      Войти
    </Button>
  );
}
