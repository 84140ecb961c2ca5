import { useAtom } from 'jotai';
import { Affix, Button, Group, Paper, Text, Title } from '@mantine/core';
import { cookieConsentAtom } from '../../shared/preferences.atoms';

export const COOKIE_BANNER_TEXT =
  'Мы используем cookie, чтобы запоминать ваши настройки, например выбранный торговый хаб. Без согласия настройки хранятся только до закрытия вкладки.';

/** Spec §2/§4: bottom left until 'Принять' or 'Отклонить'; the choice goes to `cookies_allow`. */
export function CookieBanner() {
  const [consent, setConsent] = useAtom(cookieConsentAtom);
  if (consent !== null) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={1500}>
      <Paper
        role="dialog"
        aria-label="Согласие на cookie"
        shadow="lg"
        radius="lg"
        p="md"
        withBorder
        maw={{ base: 'calc(100vw - 32px)', xs: 380 }}
      >
        <Title order={2} fz="md" mb={6}>
          Cookie
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {COOKIE_BANNER_TEXT}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={() => setConsent('accepted')}>
            Принять
          </Button>
          <Button size="xs" variant="default" onClick={() => setConsent('declined')}>
            Отклонить
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
