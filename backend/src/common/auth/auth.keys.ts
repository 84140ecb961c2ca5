export const ROLES_KEY = 'auth:roles';
export const AUTHENTICATED_KEY = 'auth:authenticated';
