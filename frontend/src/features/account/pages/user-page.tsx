import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Avatar, Badge, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { MESSAGES, ROLE_LABELS } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { ssoLink, useDeleteAccount, useLogout, useUnlinkCharacter, useUserProfile } from '../api/account.api';
import { LazyCaptcha as Captcha } from '../components/lazy-captcha';

/**
 * /account/user/{name}: username and roles for any signed-in visitor; the owner also gets
 * 'Выйти' and 'Удалить аккаунт' (after a confirmation and the captcha), and links game
 * characters through EVE SSO (the browser goes to the SSO and comes back here with ?linked=).
 */
export default function UserPage() {
  const { name = '' } = useParams();
  const navigate = useNavigate();
  const profile = useUserProfile(name);
  const logout = useLogout();
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const [captchaFor, setCaptchaFor] = useState(false);
  const [params] = useSearchParams();
  const [ssoError, setSsoError] = useState<string | null>(params.get('sso_error'));
  const unlink = useUnlinkCharacter(name);

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
      {ssoError && (
        <Alert color="red" withCloseButton onClose={() => setSsoError(null)}>
          {ssoError}
        </Alert>
      )}
      {params.get('linked') && !ssoError && <Alert color="teal">Персонаж привязан.</Alert>}
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
              {user.chars.length === 0 && (
                <Text size="sm" c="dimmed">
                  Персонажи пока не привязаны.
                </Text>
              )}
              <Stack gap="xs" data-testid="characters">
                {user.chars.map((c) => (
                  <Group key={c.id} gap="sm" wrap="nowrap">
                    <Avatar src={c.icon} alt="" radius="sm" size={40}>
                      {c.name.slice(0, 1)}
                    </Avatar>
                    <Text fw={500} style={{ flex: 1 }}>
                      {c.name}
                    </Text>
                    {user.is_self && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => unlink.mutate(c.id)}>
                        Отвязать
                      </Button>
                    )}
                  </Group>
                ))}
              </Stack>
              {user.is_self && (
                <Button
                  mt="xs"
                  w="fit-content"
                  color="dark"
                  aria-label="Войти через EVE Online"
                  onClick={() =>
                    void ssoLink().then(
                      ({ redirect }) => window.location.assign(redirect),
                      (e: Error) => setSsoError(e.message),
                    )
                  }
                >
                  LOG IN with EVE Online
                </Button>
              )}
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
