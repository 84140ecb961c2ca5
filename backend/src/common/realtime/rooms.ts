/**
 * Socket.IO room names, only from here. The server joins sockets to rooms from the session's
 * user; clients never choose rooms.
 */
export const Rooms = {
  user: (userId: string) => `user:${userId}`,
  corp: (corporationId: number) => `corp:${corporationId}`,
  admins: 'admins',
} as const;
