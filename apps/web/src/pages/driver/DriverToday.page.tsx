import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../trpc.js';
import { PageLoader } from '../../components/PageLoader/PageLoader.js';
import { lastSavedToday } from './today/phone-storage.js';
import { installDriverApp } from './today/driver-app.js';
import { DriverDay } from './today/DriverDay.js';
import '../../styles/signed-in.js';

const SESSION_FRESH_MS = 5 * 60 * 1000;

type Driver = { userId: string; name: string };

/**
 * The driver who uses this screen: the signed-in driver; or, when the session cannot be checked
 * because there is no signal (a reload on the road), the driver whose list was saved last on this
 * phone, so the screen still opens. Anyone else goes to the driver's sign-in page.
 */
function useDriver(): { driver: Driver | null; loading: boolean } {
  const session = useQuery({ ...trpc.auth.user.queryOptions(), staleTime: SESSION_FRESH_MS });
  const [offlineDriver, setOfflineDriver] = useState<Driver | null | undefined>(undefined);
  const unreachable = session.isError;
  useEffect(() => {
    if (!unreachable) return;
    void lastSavedToday()
      .then((saved) => setOfflineDriver(saved ? { userId: saved.userId, name: saved.driverName } : null))
      .catch(() => setOfflineDriver(null));
  }, [unreachable]);
  const user = session.data?.user;
  if (user?.role === 'driver') return { driver: { userId: user.id, name: user.name }, loading: false };
  if (session.isLoading || (unreachable && offlineDriver === undefined)) return { driver: null, loading: true };
  return { driver: unreachable ? (offlineDriver ?? null) : null, loading: false };
}

/** /driver/today: the driver's school day, installable and working without signal once loaded. */
export function DriverTodayPage() {
  const { driver, loading } = useDriver();
  useEffect(() => installDriverApp(), []);
  if (loading) return <PageLoader />;
  if (!driver) return <Navigate to="/driver-login" replace state={{ from: '/driver/today' }} />;
  return <DriverDay key={driver.userId} driver={driver} />;
}
