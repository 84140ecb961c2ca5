import { Select } from '@mantine/core';
import { PROJECT_STATUS_META, PROJECT_STATUSES, type ProjectStatus } from '@eve-toolkit/shared-types';

/** The moderators' status dropdown (any status; spec §4). */
export function StatusSelect({
  status,
  onChange,
  disabled,
}: {
  status: ProjectStatus;
  onChange: (status: ProjectStatus) => void;
  disabled: boolean;
}) {
  return (
    <Select
      aria-label="Статус проекта"
      data={PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_META[s].label }))}
      value={status}
      onChange={(v) => v && v !== status && onChange(v as ProjectStatus)}
      allowDeselect={false}
      disabled={disabled}
      w={170}
    />
  );
}
