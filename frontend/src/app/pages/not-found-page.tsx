import { Link } from 'react-router-dom';
import { Button, Stack, Text, Title } from '@mantine/core';
import classes from './not-found-page.module.css';

export const NOT_FOUND_TITLE = 'Страница не найдена';

export default function NotFoundPage() {
  return (
    <Stack align="center" gap="md" py={{ base: 40, sm: 80 }} ta="center">
      <div className={classes.code} aria-hidden>
        404
      </div>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {NOT_FOUND_TITLE}
      </Title>
      <Text c="dimmed" maw={460}>
        Похоже, этот маршрут ведёт в неисследованную систему. Проверьте адрес или вернитесь на главную.
      </Text>
      <Button component={Link} to="/" size="md">
        На главную
      </Button>
    </Stack>
  );
}
