import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Anchor, Button, Paper, PasswordInput, Stack, TextInput } from '@mantine/core';
import { ACCOUNT_LIMITS, AUTH_MESSAGES } from '@eve-toolkit/shared-types';
import { CheckField } from '../../../shared/ui/check-field';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAccountLimit, useRegister } from '../api/accounts.api';
import { CaptchaGate, LimitAlert, useCaptchaSubmit } from '../components/captcha-submit';

interface RegisterForm {
  username: string;
  password: string;
  repeat: string;
  agreement: boolean;
}

const required = (message: string, short: string) => ({
  validate: (v: string) => (!v.trim() ? message : v.trim().length < ACCOUNT_LIMITS.minLength ? short : true),
});

/** /account/register: the spec's messages, the user agreement, the address's registration budget, then the captcha. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<RegisterForm>({ defaultValues: { username: '', password: '', repeat: '', agreement: false } });
  const flow = useCaptchaSubmit({
    limit: useAccountLimit('registration'),
    send: useRegister(),
    failure: AUTH_MESSAGES.userExists,
    answered: () => {
      navigate('/account/register_done');
      return null;
    },
  });
  const { limited, error } = flow;

  return (
    <Stack gap="lg" maw={460}>
      <PageHeader title="Регистрация" />
      <Paper withBorder p="lg" radius="md">
        <CaptchaGate flow={flow}>
          <form noValidate onSubmit={handleSubmit((v) => flow.start({ username: v.username.trim(), password: v.password }))}>
            <Stack gap="sm">
              {limited && (
                <LimitAlert
                  title="Регистрация временно недоступна"
                  message={limited}
                  opens="регистрация откроется сама"
                  testId="registration-limited"
                />
              )}
              {error && <Alert color="red">{error}</Alert>}
              <TextInput
                label="Логин"
                autoComplete="username"
                {...register('username', required(AUTH_MESSAGES.loginRequired, AUTH_MESSAGES.loginShort))}
                error={errors.username?.message}
              />
              <PasswordInput
                label="Пароль"
                autoComplete="new-password"
                {...register('password', required(AUTH_MESSAGES.passwordRequired, AUTH_MESSAGES.passwordShort))}
                error={errors.password?.message}
              />
              <PasswordInput
                label="Повтор пароля"
                autoComplete="new-password"
                {...register('repeat', {
                  validate: (v) => {
                    const base = required(AUTH_MESSAGES.repeatRequired, AUTH_MESSAGES.repeatShort).validate(v);
                    if (base !== true) return base;
                    return v === getValues('password') || AUTH_MESSAGES.mismatch;
                  },
                })}
                error={errors.repeat?.message}
              />
              <CheckField
                label={
                  <>
                    Принимаю{' '}
                    <Anchor component={Link} to="/about" target="_blank">
                      пользовательское соглашение
                    </Anchor>
                  </>
                }
                {...register('agreement', { validate: (v) => v || AUTH_MESSAGES.agreement })}
                error={errors.agreement?.message}
              />
              <Button type="submit" disabled={!!limited} loading={flow.checking}>
                Зарегистрироваться
              </Button>
            </Stack>
          </form>
        </CaptchaGate>
      </Paper>
    </Stack>
  );
}
