import { Badge } from '@mantine/core';
import { PROJECT_STATUS_META, type ProjectStatus } from '@eve-toolkit/shared-types';

/** Project status in its colour (spec §4: ГОТОВ green, В ПРОДАЖЕ orange, СТРОИТСЯ blue, ПОДГОТОВКА grey). */
export function StatusBadge({ status }: { status: ProjectStatus }) {
  const meta = PROJECT_STATUS_META[status];
  return (
    <Badge color={meta.color} variant="filled" data-testid="project-status" data-status={status}>
      {meta.label}
    </Badge>
  );
}
