import { Link } from 'react-router-dom';
import { Anchor, Badge, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

export interface UnderConstructionProps {
  title: string;
  /** One sentence about what the section will do. */
  description: string;
}

export const UNDER_CONSTRUCTION_TEXT = 'Раздел в разработке';

/** Honest placeholder for pages that later releases build: nothing here pretends to work. */
export function UnderConstruction({ title, description }: UnderConstructionProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={720}>
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <svg
            width="26"
            height="26"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.6 2.6-2.4-.6-.6-2.4z" />
          </svg>
        </ThemeIcon>
        <Badge variant="light" color="orange" size="lg">
          {UNDER_CONSTRUCTION_TEXT}
        </Badge>
        <Title order={2} fz={24}>
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
        <Anchor component={Link} to="/news">
          Что нового в EVE Toolkit →
        </Anchor>
      </Stack>
    </Paper>
  );
}
