import { adminPageShell } from './admin-page-shell';

export default adminPageShell(() => import('../views/roles-view'));
