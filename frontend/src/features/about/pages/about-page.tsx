import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { USER_AGREEMENT_TITLE, UserAgreement } from '../../../shared/legal/user-agreement';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAbout, type AboutContact } from '../api/about.api';

export default function AboutPage() {
  const { data, isPending, isError } = useAbout();
  const [agreementOpen, agreement] = useDisclosure(false);

  return (
    <Stack gap="lg">
      <PageHeader title="О проекте" />

      <Paper withBorder radius="lg" p="lg">
        {isPending ? (
          <Stack gap="xs" role="status" aria-label="Загрузка описания">
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
          </Stack>
        ) : isError ? (
          <Alert color="red" variant="light">
            Не удалось загрузить описание проекта.
          </Alert>
        ) : (
          <Text style={{ whiteSpace: 'pre-line' }} lh={1.65}>
            {data.description}
          </Text>
        )}
      </Paper>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} fz="lg" mb="sm">
            Связаться с нами
          </Title>
          <Stack gap="xs">
            {(data?.contacts ?? []).map((c) => (
              <Contact key={c.label} contact={c} />
            ))}
            {(data?.links ?? []).map((l) => (
              <Anchor key={l.href} href={l.href} target="_blank" rel="noopener noreferrer">
                {l.label}
              </Anchor>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Title order={2} fz="lg" mb="sm">
            Правила
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Как мы обращаемся с аккаунтами, персонажами и данными.
          </Text>
          <Group>
            <Button variant="light" onClick={agreement.open}>
              {USER_AGREEMENT_TITLE}
            </Button>
          </Group>
        </Paper>
      </SimpleGrid>

      <Modal opened={agreementOpen} onClose={agreement.close} title={USER_AGREEMENT_TITLE} size="lg" radius="lg">
        <UserAgreement />
      </Modal>
    </Stack>
  );
}

function Contact({ contact }: { contact: AboutContact }) {
  const value = contact.href ? (
    contact.href.startsWith('/') ? (
      <Anchor component={Link} to={contact.href}>
        {contact.value}
      </Anchor>
    ) : (
      <Anchor href={contact.href} target="_blank" rel="noopener noreferrer">
        {contact.value}
      </Anchor>
    )
  ) : (
    <Text span>{contact.value}</Text>
  );
  return (
    <Text size="sm">
      <Text span fw={600}>
        {contact.label}:
      </Text>{' '}
      {value}
    </Text>
  );
}
