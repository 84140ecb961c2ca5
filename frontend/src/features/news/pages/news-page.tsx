import { Link } from 'react-router-dom';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatNewsDate, useNews } from '../api/news.api';
import { FEATURE_ICONS } from '../components/feature-icons';
import classes from './news-page.module.css';

interface FeatureCard {
  title: string;
  text: string;
  to: string;
  icon: keyof typeof FEATURE_ICONS;
}

export const FEATURE_CARDS: readonly FeatureCard[] = [
  { title: 'Маркет', text: 'Цены SELL и BUY в торговых хабах и отклонение от медианы.', to: '/market/list', icon: 'market' },
  {
    title: 'Оценка',
    text: 'Стоимость и объём списка предметов в ISK и м³ одной вставкой.',
    to: '/market/appraisal',
    icon: 'appraisal',
  },
  { title: 'Лут', text: 'Раздел добычи флота по группам пилотов из истории флота.', to: '/loot', icon: 'loot' },
  {
    title: 'Индустрия',
    text: 'Дерево материалов, «строить или купить», стоимость работ и маржа.',
    to: '/industry',
    icon: 'industry',
  },
  { title: 'Планеты', text: 'Типы планет, схемы и шаблон для планетарной индустрии.', to: '/planetology', icon: 'planets' },
  { title: 'Корпорация', text: 'Пинги, закупки и производственные проекты вашей корпорации.', to: '/corp', icon: 'corp' },
];

export default function NewsPage() {
  return (
    <Stack gap={40}>
      <section className={classes.hero} aria-labelledby="hero-title">
        <div className={classes.planet} aria-hidden />
        <div className={classes.heroContent}>
          <span className={classes.eyebrow}>Для пилотов EVE Online</span>
          <Title order={1} id="hero-title" className={classes.heroTitle}>
            EVE Toolkit
          </Title>
          <Text className={classes.heroText}>
            Цены рынка, оценка груза, расчет производства и проекты корпорации — в одном месте и на русском языке.
          </Text>
          <Group mt="xl" gap="sm">
            <Button component={Link} to="/market/list" size="md">
              Открыть маркет
            </Button>
            <Button component={Link} to="/about" size="md" variant="white" color="dark">
              О проекте
            </Button>
          </Group>
        </div>
      </section>

      <section aria-labelledby="tools-title">
        <Title order={2} id="tools-title" fz={24} mb="md">
          Инструменты
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {FEATURE_CARDS.map((card) => (
            <Paper key={card.to} component={Link} to={card.to} withBorder radius="lg" p="lg" className={classes.card}>
              <Group gap="md" wrap="nowrap" align="flex-start">
                <ThemeIcon size={46} radius="md" variant="light">
                  {FEATURE_ICONS[card.icon]}
                </ThemeIcon>
                <Stack gap={4}>
                  <Text fw={700} fz="lg">
                    {card.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {card.text}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      </section>

      <section aria-labelledby="news-title">
        <Title order={2} id="news-title" fz={24} mb="md">
          Новости
        </Title>
        <NewsList />
      </section>
    </Stack>
  );
}

function NewsList() {
  const { data, isPending, isError } = useNews();
  if (isPending) {
    return (
      <Stack gap="md" aria-label="Загрузка новостей">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={96} radius="lg" />
        ))}
      </Stack>
    );
  }
  if (isError) {
    return (
      <Alert color="red" variant="light">
        Не удалось загрузить новости. Попробуйте обновить страницу.
      </Alert>
    );
  }
  if (data.length === 0) return <Text c="dimmed">Новостей пока нет.</Text>;
  return (
    <Stack gap="md">
      {data.map((entry) => (
        <Paper key={entry.id} component="article" withBorder radius="lg" p="lg" className={classes.newsItem}>
          <Group gap="xs" mb={6}>
            <Text size="sm" c="dimmed" component="time" dateTime={entry.date}>
              {formatNewsDate(entry.date)}
            </Text>
            {entry.tags?.map((tag) => (
              <Badge key={tag} size="sm" variant="light">
                {tag}
              </Badge>
            ))}
          </Group>
          <Title order={3} fz="lg" mb={4}>
            {entry.title}
          </Title>
          <Text size="sm">{entry.text}</Text>
        </Paper>
      ))}
    </Stack>
  );
}
