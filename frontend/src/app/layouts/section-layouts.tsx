import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { Box, Button } from '@mantine/core';
import { hasAnyRole, useSession, ADMIN_ROLES, CORP_ROLES } from '../../shared/session';
import { LoadingView } from '../../shared/ui/loading-view';
import { RoleGate } from '../components/role-gate';
import { ABOUT_MENU, ADMIN_MENU, CORP_MENU, isActivePath, type SideMenuItem } from '../navigation';
import { SectionLayout } from './section-layout';

/** /market: no side menu; the market feature may replace this with its own layout. */
export function MarketLayout() {
  return <Outlet />;
}

export function AdminLayout() {
  return (
    <SectionLayout title="Админка" menuLabel="Меню админки" items={ADMIN_MENU}>
      <RoleGate roles={ADMIN_ROLES} who="администраторам">
        <Outlet />
      </RoleGate>
    </SectionLayout>
  );
}

/**
 * /corp: members (roles corp or admin) see every page; /corp/roles is open to any signed-in user
 * (spec §6: anyone may request a role), and a signed-in user without the role is pointed there.
 */
export function CorpLayout() {
  const { pathname } = useLocation();
  const { data } = useSession();
  const rolesPage = isActivePath(pathname, '/corp/roles');
  const signedIn = !!data?.isAuthenticated;
  return (
    <SectionLayout title="Корпорация" menuLabel="Меню корпорации" items={CORP_MENU}>
      {rolesPage && signedIn ? (
        <Outlet />
      ) : (
        <RoleGate roles={CORP_ROLES} who="участникам корпорации (роль «Сокорп») и администраторам">
          <Outlet />
        </RoleGate>
      )}
      {!rolesPage && signedIn && !hasAnyRole(data, CORP_ROLES) && (
        <Box mt="md">
          <Button component={Link} to="/corp/roles" variant="light">
            Запросить роль
          </Button>
        </Box>
      )}
    </SectionLayout>
  );
}

export function AboutLayout() {
  return <SectionLayout title="О проекте" menuLabel="Меню раздела «О проекте»" items={ABOUT_MENU} />;
}

export function AccountLayout() {
  const { data } = useSession();
  const items: SideMenuItem[] =
    data?.isAuthenticated && data.username
      ? [{ label: 'Профиль', to: `/account/user/${encodeURIComponent(data.username)}` }]
      : [
          { label: 'Вход', to: '/account/login' },
          { label: 'Регистрация', to: '/account/register', alsoActive: ['/account/register_done'] },
        ];
  return <SectionLayout title="Аккаунт" menuLabel="Меню аккаунта" items={items} />;
}

/** /account: the profile when signed in, otherwise the login page. */
export function AccountIndex() {
  const { data, isPending } = useSession();
  if (isPending) return <LoadingView fullScreen={false} />;
  if (data?.isAuthenticated && data.username)
    return <Navigate to={`/account/user/${encodeURIComponent(data.username)}`} replace />;
  return <Navigate to="/account/login" replace />;
}
