import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { MESSAGES, ROLE_LABELS } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { useDeleteAccount, useLogout, useUserProfile } from '../api/account.api';
import { LazyCaptcha as Captcha } from '../components/lazy-captcha';

/**
 * /account/user/{name}: username and roles for any signed-in visitor; the owner also gets
 * 'Выйти' and 'Удалить аккаунт' (after a confirmation and the captcha). Game characters arrive
 * with EVE SSO linking.
 */
export default function UserPage() {
  const { name = '' } = useParams();
  const navigate = useNavigate();
  const profile = useUserProfile(name);
  const logout = useLogout();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [captchaFor, setCaptchaFor] = useState(false);

  if (profile.isPending) return <Loader aria-label="Загрузка профиля" />;
  if (profile.isError)
    return (
      <Alert color="red" title={MESSAGES.userFailed}>
        <Button variant="light" mt="sm" onClick={() => void profile.refetch()}>
          {MESSAGES.tryAgain}
        </Button>
      </Alert>
    );
  const user = profile.data;
  return (
    <Stack gap="lg">
      <PageHeader title={user.username} />
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Text fw={600}>Роли</Text>
          <Group gap="xs" data-testid="roles">
            {user.roles.map((r) => (
              <Badge key={r} variant="light">
                {ROLE_LABELS[r]}
              </Badge>
            ))}
          </Group>
          {user.chars !== null && (
            <>
              <Text fw={600} mt="sm">
                Персонажи
              </Text>
              <Text size="sm" c="dimmed">
                {user.chars.length ? '' : 'Персонажи пока не привязаны.'}
              </Text>
            </>
          )}
        </Stack>
      </Paper>
      {user.is_self && (
        <Group>
          <Button
            variant="default"
            loading={logout.isPending}
            onClick={() => logout.mutate(undefined, { onSuccess: (r) => r.ok && navigate('/account/login') })}
          >
            Выйти
          </Button>
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            Удалить аккаунт
          </Button>
        </Group>
      )}
      <Modal opened={confirming} onClose={() => (setConfirming(false), setCaptchaFor(false))} title="Удаление аккаунта">
        {captchaFor ? (
          <Captcha onSolved={(id) => remove.mutate(id, { onSuccess: () => navigate('/market/list') })} />
        ) : (
          <Stack>
            <Text>Вы действительно хотите удалить аккаунт</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                Отмена
              </Button>
              <Button color="red" onClick={() => setCaptchaFor(true)}>
                Удалить
              </Button>
            </Group>
          </Stack>
        )}
        {remove.isError && <Alert color="red">{remove.error.message}</Alert>}
      </Modal>
    </Stack>
  );
}
