/**
 * Admin area (spec §2 "Admin screens", §3, §7 "Admin"): statistics, users, characters and their
 * check, role requests, corporations, banned characters, market categories and items, session
 * reset and the game-data update job. Every endpoint is admin-only on the server.
 */
import type { Role } from '../enums';

// ---------------------------------------------------------------------------------------------
// Role requests
// ---------------------------------------------------------------------------------------------

/** Spec §3 Role request: id, user.username, role. */
export interface AdminRoleRequest {
  id: string;
  user: { id: string; username: string };
  role: Role;
  /** ISO. */
  created_at: string;
}

export type RoleRequestStatus = 'pending' | 'granted' | 'refused';
export type RoleRequestDecision = 'add' | 'del';

export const ROLE_REQUEST_MESSAGES = {
  unknownRole: 'Неизвестная роль',
  alreadyHeld: 'Эта роль у вас уже есть',
  alreadyPending: 'Запрос на эту роль уже ожидает решения',
  badId: 'Некорректный номер запроса',
  notFound: 'Запрос не найден',
  alreadyDecided: 'Этот запрос уже рассмотрен другим администратором',
  badType: "Тип решения должен быть 'add' или 'del'",
} as const;
