import { Link } from 'react-router-dom';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/page-header';

/** /account/register_done */
export default function RegisterDonePage() {
  return (
    <Stack gap="lg" maw={460}>
      <PageHeader title="Регистрация завершена" />
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Text>Аккаунт создан. Войдите, чтобы привязать персонажей и пользоваться разделами сайта.</Text>
          <Button component={Link} to="/account/login" w="fit-content">
            Войти
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
