import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { AUTH_MESSAGES, ROLE_LABELS } from '@eve-toolkit/shared-types';
import { useClientConfig } from '../../../shared/client-config';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAccountLimit, useLogin } from '../api/accounts.api';
import { CaptchaGate, LimitAlert, useCaptchaSubmit } from '../components/captcha-submit';

interface LoginForm {
  username: string;
  password: string;
}

/** /account/login: login and password (submit disabled while either is empty), then the captcha. */
export default function LoginPage() {
  const navigate = useNavigate();
  const { register, watch, handleSubmit, setValue } = useForm<LoginForm>({ defaultValues: { username: '', password: '' } });
  const demoAccounts = useClientConfig().data?.demoAccounts ?? [];
  const flow = useCaptchaSubmit({
    limit: useAccountLimit('login'),
    send: useLogin(),
    failure: AUTH_MESSAGES.invalid,
    answered: (res, sent) => {
      if (!res.ok) return AUTH_MESSAGES.invalid;
      navigate(`/account/user/${encodeURIComponent(sent.username.trim())}`);
      return null;
    },
  });
  const { limited, error } = flow;
  const username = watch('username');
  const password = watch('password');
  const empty = !username.trim() || !password;

  return (
    <Stack gap="lg" maw={420}>
      <PageHeader title="Вход" />
      <Paper withBorder p="lg" radius="md">
        <CaptchaGate flow={flow}>
          <form onSubmit={handleSubmit((v) => flow.start({ username: v.username.trim(), password: v.password }))}>
            <Stack gap="sm">
              {limited && (
                <LimitAlert
                  title="Вход временно недоступен"
                  message={limited}
                  opens="вход откроется сам"
                  testId="login-limited"
                />
              )}
              {error && <Alert color="red">{error}</Alert>}
              <TextInput
                label="Логин"
                autoComplete="username"
                {...register('username')}
                description={!username.trim() ? AUTH_MESSAGES.enterLogin : undefined}
              />
              <PasswordInput
                label="Пароль"
                autoComplete="current-password"
                {...register('password')}
                description={!password ? AUTH_MESSAGES.enterPassword : undefined}
              />
              <Button type="submit" disabled={empty || !!limited} loading={flow.checking}>
                Войти
              </Button>
              {demoAccounts.length > 0 && (
                <Alert color="orange" title="Демо-аккаунты" data-testid="demo-accounts">
                  <Text size="xs" mb={6}>
                    Только в демо-режиме: нажмите, чтобы подставить логин и пароль.
                  </Text>
                  <Stack gap={4} align="flex-start">
                    {demoAccounts.map((a) => (
                      <Button
                        key={a.username}
                        size="compact-xs"
                        variant="light"
                        color="orange"
                        h="auto"
                        py={2}
                        maw="100%"
                        styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.35 } }}
                        onClick={() => {
                          setValue('username', a.username);
                          setValue('password', a.password);
                        }}
                      >
                        {ROLE_LABELS[a.role]}: {a.username} / {a.password}
                      </Button>
                    ))}
                  </Stack>
                </Alert>
              )}
              <Text size="sm">
                Нет аккаунта?{' '}
                <Anchor component={Link} to="/account/register">
                  Регистрация
                </Anchor>
              </Text>
            </Stack>
          </form>
        </CaptchaGate>
      </Paper>
    </Stack>
  );
}
