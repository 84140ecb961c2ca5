import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { AUTH_MESSAGES, ROLE_LABELS } from '@eve-toolkit/shared-types';
import { useClientConfig } from '../../../shared/client-config';
import { ApiError } from '../../../shared/api-client';
import { PageHeader } from '../../../shared/ui/page-header';
import { useLogin, useLoginLimit } from '../api/accounts.api';
import { LazyCaptcha as Captcha } from '../components/lazy-captcha';

interface LoginForm {
  username: string;
  password: string;
}

/** /account/login: login and password (submit disabled while either is empty), then the captcha. */
export default function LoginPage() {
  const navigate = useNavigate();
  const { register, watch, handleSubmit, setValue } = useForm<LoginForm>({ defaultValues: { username: '', password: '' } });
  const demoAccounts = useClientConfig().data?.demoAccounts ?? [];
  const [pending, setPending] = useState<LoginForm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const login = useLogin();
  const limit = useLoginLimit();
  const [checking, setChecking] = useState(false);
  // The wait, when the address used its sign-ins: said before the captcha, not after it.
  const limited = limit.data?.limited ? limit.data.message : null;
  const username = watch('username');
  const password = watch('password');
  const empty = !username.trim() || !password;

  const onSolved = (captchaId: string) => {
    if (!pending) return;
    login.mutate(
      { ...pending, captcha_id: captchaId },
      {
        onSuccess: (res) => {
          if (res.ok) navigate(`/account/user/${encodeURIComponent(pending.username.trim())}`);
          else {
            setError(AUTH_MESSAGES.invalid);
            setPending(null);
          }
        },
        onError: (e) => {
          setError(e instanceof ApiError ? e.message : AUTH_MESSAGES.invalid);
          setPending(null);
          if (e instanceof ApiError && e.status === 429) void limit.refetch();
        },
      },
    );
  };

  return (
    <Stack gap="lg" maw={420}>
      <PageHeader title="Вход" />
      <Paper withBorder p="lg" radius="md">
        {pending ? (
          <Captcha onSolved={onSolved} />
        ) : (
          <form
            onSubmit={handleSubmit(async (v) => {
              setError(null);
              setChecking(true);
              // The limit first: no captcha for a sign-in that would be refused.
              const state = await limit.refetch().finally(() => setChecking(false));
              if (state.data?.limited) return;
              setPending({ username: v.username.trim(), password: v.password });
            })}
          >
            <Stack gap="sm">
              {limited && (
                <Alert color="orange" title="Вход временно недоступен" role="alert" data-testid="login-limited">
                  {limited}. Капчу решать не нужно: вход откроется сам по истечении этого времени.
                </Alert>
              )}
              {error && !limited && <Alert color="red">{error}</Alert>}
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
              <Button type="submit" disabled={empty || !!limited} loading={checking}>
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
        )}
      </Paper>
    </Stack>
  );
}
