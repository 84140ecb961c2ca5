import { useState } from 'react';
import { Alert, Button, Group, Image, Loader, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { AUTH_MESSAGES, CAPTCHA } from '@eve-toolkit/shared-types';
import { ApiError } from '../../../shared/api-client';
import { banMe, useCaptcha, validateCaptcha } from '../api/accounts.api';
import classes from './captcha.module.css';

/**
 * The picture captcha (spec §4): pick every tile that shows the target figure, then 'Проверить'.
 * Right: `onSolved(captchaId)` after 200 ms. Wrong: the tiles reset and a new captcha loads; after
 * CAPTCHA.failureLimit wrong answers the client calls ban_me and shows 'Попробуйте позже' (the
 * server enforces the same limit on its own).
 */
export function Captcha({ onSolved }: { onSolved: (captchaId: string) => void }) {
  const [attempt, setAttempt] = useState(0);
  const [picked, setPicked] = useState<boolean[]>(() => Array(CAPTCHA.tiles).fill(false));
  const [failures, setFailures] = useState(0);
  const [banned, setBanned] = useState(false);
  const [checking, setChecking] = useState(false);
  const [solved, setSolved] = useState(false);
  const captcha = useCaptcha(attempt);

  const locked = banned || (captcha.error instanceof ApiError && captcha.error.status === 429);
  if (locked) return <Alert color="red" title={AUTH_MESSAGES.tryLater} data-testid="captcha-banned" />;
  if (captcha.isPending) return <Loader aria-label="Загрузка капчи" />;
  if (captcha.isError) return <Alert color="red">{captcha.error.message}</Alert>;

  const submit = async () => {
    setChecking(true);
    try {
      const answer = picked.map((p) => (p ? '1' : '0')).join('');
      const { ok } = await validateCaptcha(captcha.data.id, answer);
      if (ok) {
        setSolved(true);
        setTimeout(() => onSolved(captcha.data.id), 200);
        return;
      }
      const next = failures + 1;
      setFailures(next);
      if (next >= CAPTCHA.failureLimit) {
        await banMe().catch(() => undefined);
        setBanned(true);
        return;
      }
      setPicked(Array(CAPTCHA.tiles).fill(false));
      setAttempt((a) => a + 1);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="captcha">
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">Выберите все картинки с такой фигурой:</Text>
        <Image src={captcha.data.target} w={48} h={48} radius="sm" alt="Образец" />
      </Group>
      {failures > 0 && (
        <Text size="sm" c="red" role="alert">
          Неверно, попробуйте ещё раз (осталось попыток: {CAPTCHA.failureLimit - failures})
        </Text>
      )}
      <SimpleGrid cols={4} spacing={6} maw={4 * 76}>
        {captcha.data.options.map((src, i) => (
          <UnstyledButton
            key={`${captcha.data.id}-${i}`}
            className={classes.tile}
            data-picked={picked[i] || undefined}
            aria-pressed={picked[i]}
            aria-label={`Картинка ${i + 1}`}
            onClick={() => setPicked((p) => p.map((v, k) => (k === i ? !v : v)))}
          >
            <img src={src} alt="" width={72} height={72} />
          </UnstyledButton>
        ))}
      </SimpleGrid>
      <Group>
        <Button onClick={() => void submit()} loading={checking} disabled={solved}>
          {solved ? 'Готово' : 'Проверить'}
        </Button>
      </Group>
    </Stack>
  );
}
