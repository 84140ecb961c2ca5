import { Button, Paper, Skeleton, Table, Text } from '@mantine/core';
import { ROLE_LABELS, type CorpRole } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { errorText, isAuthError, useRoleRequest, useRoles } from '../api/corp.api';
import { useCorpLive } from '../api/corp-live';
import { CorpError } from '../components/corp-error';

function RoleButton({ role, onRequest, busy }: { role: CorpRole; onRequest: () => void; busy: boolean }) {
  if (role.has_role)
    return (
      <Button size="xs" variant="light" color="green" disabled>
        Уже имеется
      </Button>
    );
  if (role.pending)
    return (
      <Button size="xs" variant="light" disabled>
        Ожидается запрос
      </Button>
    );
  return (
    <Button size="xs" onClick={onRequest} loading={busy} aria-label={`Запросить: ${ROLE_LABELS[role.name]}`}>
      Запросить
    </Button>
  );
}

/** /corp/roles 'Запрос роли': any signed-in user asks an admin for a role; the decision arrives live. */
export default function CorpRolesPage() {
  useCorpLive();
  const roles = useRoles();
  const request = useRoleRequest();

  return (
    <>
      <PageHeader
        title="Запрос роли"
        description="Роли открывают разделы сайта: «Сокорп» — раздел корпорации, «ФК» — пинги, «Производственник» — проекты и список закупок. Запрос рассматривает администратор."
      />
      {roles.isPending || isAuthError(roles.error) ? (
        <Skeleton height={240} radius="lg" />
      ) : roles.isError ? (
        <CorpError error={roles.error} />
      ) : (
        <Paper withBorder radius="lg" p="md" maw={560}>
          {request.isError && !isAuthError(request.error) && (
            <Text c="red" size="sm" role="alert" mb="xs">
              {errorText(request.error)}
            </Text>
          )}
          <Table data-testid="roles">
            <Table.Tbody>
              {roles.data.roles.map((r) => (
                <Table.Tr key={r.name} data-testid={`role-${r.name}`}>
                  <Table.Td>{ROLE_LABELS[r.name]}</Table.Td>
                  <Table.Td ta="right">
                    <RoleButton
                      role={r}
                      busy={request.isPending && request.variables?.role === r.name}
                      onRequest={() => request.mutate({ role: r.name })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </>
  );
}
