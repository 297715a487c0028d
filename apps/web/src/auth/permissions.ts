import { roleHolds, type Permission } from '@school-transport/contracts';
import { useSession } from './session.js';

/**
 * Whether the signed-in user's role holds a permission of the table of rights (PERMISSIONS in
 * packages/contracts), the same table the server's gate reads: the admin console hides what the
 * role may not do, and the server refuses it whatever the screen shows.
 */
export function useCan(): (permission: Permission) => boolean {
  const { user } = useSession();
  return (permission) => (user ? roleHolds(user.role, permission) : false);
}
