import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { ApiError } from '../../../shared/api-client';
import { MESSAGES, ROLE_LABELS, ssoErrorMessage } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { ssoLink, useLogout, useRefreshCharacters, useUnlinkCharacter, useUserProfile } from '../api/accounts.api';
import { CharacterCard, EveLoginButton } from '../components/character-card';

const DeleteAccountDialog = lazy(() => import('../components/delete-account-dialog'));

/**
 * /account/user/{name}: username and roles for any signed-in visitor; the characters (system,
 * wallet, new mail) for the owner and admins only (the server sends `chars: null` to anyone
 * else). The owner also gets 'Выйти' and 'Удалить аккаунт' (after a confirmation and the
 * captcha), links game characters through EVE SSO (the browser goes to the SSO and comes back
 * here with ?linked= or ?sso_error=), refreshes their data and unlinks them.
 */
export default function UserPage() {
  const { name = '' } = useParams();
  const navigate = useNavigate();
  const profile = useUserProfile(name);
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  const [params] = useSearchParams();
  // Only the messages of known codes: never a text from the address.
  const [ssoError, setSsoError] = useState<string | null>(ssoErrorMessage(params.get('sso_error')));
  const unlink = useUnlinkCharacter(name);
  const refresh = useRefreshCharacters(name);
  const [linking, setLinking] = useState(false);
  const startLink = () => {
    setLinking(true);
    void ssoLink().then(
      ({ redirect }) => window.location.assign(redirect),
      (e: Error) => (setLinking(false), setSsoError(e.message)),
    );
  };

  if (profile.isPending) return <Loader aria-label="Загрузка профиля" />;
  if (profile.error instanceof ApiError && profile.error.status === 401)
    return (
      <Stack gap="lg">
        <PageHeader title={name} />
        <Paper withBorder p="lg" radius="md" data-testid="profile-login">
          <Stack gap="sm" align="flex-start">
            <Text>Профили пилотов видны после входа. Войдите или зарегистрируйтесь — это бесплатно.</Text>
            <Group gap="sm">
              <Button component={Link} to="/account/login">
                Войти
              </Button>
              <Button component={Link} to="/account/register" variant="default">
                Регистрация
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    );
  if (profile.error instanceof ApiError && profile.error.status === 404)
    return (
      <Alert color="yellow" title="Такого пилота нет">
        Пользователь «{name}» не найден. Проверьте имя в адресе.
      </Alert>
    );
  if (profile.isError)
    return (
      <>
        <PageHeader title={name} />
        <Alert color="red" title={MESSAGES.userFailed}>
          <Button variant="light" mt="sm" onClick={() => void profile.refetch()}>
            {MESSAGES.tryAgain}
          </Button>
        </Alert>
      </>
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
                  <CharacterCard
                    key={c.id}
                    character={c}
                    onUnlink={user.is_self ? () => unlink.mutate(c.id) : undefined}
                    unlinking={unlink.isPending && unlink.variables === c.id}
                  />
                ))}
              </Stack>
              {unlink.isError && <Alert color="red">{unlink.error.message}</Alert>}
              {refresh.isError && <Alert color="red">{refresh.error.message}</Alert>}
              {user.is_self && (
                <Group mt="xs" gap="md" align="center">
                  <EveLoginButton onClick={startLink} busy={linking} />
                  {user.chars.length > 0 && (
                    <Button variant="default" loading={refresh.isPending} onClick={() => refresh.mutate()}>
                      Обновить данные персонажей
                    </Button>
                  )}
                </Group>
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
      {confirming && (
        <Suspense fallback={null}>
          <DeleteAccountDialog onClose={() => setConfirming(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
