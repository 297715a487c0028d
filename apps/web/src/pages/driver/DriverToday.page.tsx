import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { isCrewRole, type CrewRole } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { PageLoader } from '../../components/PageLoader/PageLoader.js';
import { lastSavedToday } from './today/phone-storage.js';
import { installDriverApp } from './today/driver-app.js';
import { DriverDay } from './today/DriverDay.js';
import '../../styles/signed-in.js';
import '../../i18n/screens.js';

const SESSION_FRESH_MS = 5 * 60 * 1000;

/** Who works the day on this phone: the bus's driver or its attendant (a reload offline keeps the role saved with the list). */
type Driver = { userId: string; name: string; role: CrewRole };

/**
 * The driver who uses this screen: the signed-in driver; or, when the session cannot be checked
 * because there is no signal (a reload on the road), the driver whose list was saved last on this
 * phone, so the screen still opens. Anyone else goes to the driver's sign-in page.
 */
function useDriver(): { driver: Driver | null; loading: boolean } {
  const session = useQuery({ ...trpc.auth.user.queryOptions(), staleTime: SESSION_FRESH_MS });
  const [offlineDriver, setOfflineDriver] = useState<Driver | null | undefined>(undefined);
  // The driver once known stays while the session is checked again: without signal every part of
  // the page that asks for the session tries again, and the screen must not flicker away meanwhile.
  const [known, setKnown] = useState<Driver | null>(null);
  // Offline the query does not even try (TanStack Query pauses it); with a signal too weak to answer, it fails.
  const unreachable = session.isError || session.fetchStatus === 'paused';
  useEffect(() => {
    if (!unreachable) return;
    void lastSavedToday()
      .then((saved) => setOfflineDriver(saved ? { userId: saved.userId, name: saved.driverName, role: saved.role ?? 'driver' } : null))
      .catch(() => setOfflineDriver(null));
  }, [unreachable]);
  const user = session.data?.user;
  let decided: { driver: Driver | null; loading: boolean };
  if (user && isCrewRole(user.role)) decided = { driver: { userId: user.id, name: user.name, role: user.role }, loading: false };
  else if (unreachable) decided = offlineDriver === undefined ? { driver: null, loading: true } : { driver: offlineDriver, loading: false };
  else decided = { driver: null, loading: session.isLoading };
  const decidedId = decided.driver?.userId;
  const decidedName = decided.driver?.name;
  const decidedRole = decided.driver?.role;
  useEffect(() => {
    if (decidedId !== undefined && decidedName !== undefined && decidedRole !== undefined)
      setKnown({ userId: decidedId, name: decidedName, role: decidedRole });
  }, [decidedId, decidedName, decidedRole]);
  return decided.loading && known ? { driver: known, loading: false } : decided;
}

/** /driver/today: the driver's school day, installable and working without signal once loaded. */
export function DriverTodayPage() {
  const { driver, loading } = useDriver();
  useEffect(() => installDriverApp(), []);
  if (loading) return <PageLoader />;
  if (!driver) return <Navigate to="/driver-login" replace state={{ from: '/driver/today' }} />;
  return <DriverDay key={driver.userId} driver={driver} />;
}
