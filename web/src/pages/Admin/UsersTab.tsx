import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { confirmDeleteUsers, NO_USERS_FOUND } from '../../messages';
import { Badge } from '../../ui/Badge';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { Icon } from '../../ui/Icon';
import { ADMIN_DATE_FILTER_DAYS } from './constants';
import { formatAdminDate, formatStorage, roleLabel } from './format';
import type { AdminUser } from '../../api/contract';

export interface UsersTabProps {
  users: readonly AdminUser[];
  loading: boolean;
  onDelete: (users: AdminUser[]) => Promise<unknown>;
}

const rowId = (u: AdminUser) => u.id;
const dateOf = (u: AdminUser) => u.createdAt;

/** Users table: Name (e-mail), Company, Projects, Storage, Joined, Role, Actions. */
export function UsersTab({ users, loading, onDelete }: UsersTabProps) {
  const columns = useMemo<DataTableColumn<AdminUser>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        sortValue: (u) => u.name,
        render: (u) => (
          <div className="admin-cell">
            <span className="admin-cell__main">{u.name}</span>
            <span className="admin-cell__sub">{u.email}</span>
          </div>
        ),
      },
      {
        key: 'company',
        header: 'Company',
        sortValue: (u) => u.companyName,
        render: (u) => u.companyName,
      },
      {
        key: 'projects',
        header: 'Projects',
        sortValue: (u) => u.projectCount,
        render: (u) => u.projectCount,
        className: 'admin-col--num',
      },
      {
        key: 'storage',
        header: 'Storage',
        sortValue: (u) => u.totalStorage,
        render: (u) => formatStorage(u.totalStorage),
        className: 'admin-col--num',
      },
      {
        key: 'joined',
        header: 'Joined',
        sortValue: (u) => u.createdAt,
        render: (u) => formatAdminDate(u.createdAt),
      },
      {
        key: 'role',
        header: 'Role',
        sortValue: (u) => u.role,
        render: (u) => (
          <Badge tone={u.role === 'admin' ? 'brand' : 'neutral'}>{roleLabel(u.role)}</Badge>
        ),
      },
      {
        key: 'actions',
        header: 'Actions',
        render: (u) => (
          <Link
            className="admin-action"
            to={`/dashboard?userId=${encodeURIComponent(u.id)}`}
            title="View dashboard"
          >
            <Icon name="dashboard" size="sm" />
            View Dashboard
          </Link>
        ),
      },
    ],
    [],
  );
  return (
    <DataTable
      label="Users"
      data-testid="users-table"
      rows={users}
      columns={columns}
      rowId={rowId}
      loading={loading}
      emptyMessage={NO_USERS_FOUND}
      searchPlaceholder="Search users..."
      dateOf={dateOf}
      dateFilterDays={ADMIN_DATE_FILTER_DAYS}
      deleteConfirmation={(rows) => confirmDeleteUsers(rows.map((u) => u.name))}
      onDeleteSelected={onDelete}
      initialSort={{ key: 'joined', direction: 'desc' }}
    />
  );
}
