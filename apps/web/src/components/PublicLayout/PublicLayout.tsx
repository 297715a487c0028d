import { Outlet } from 'react-router';
import { PublicHeader } from './PublicHeader.js';

export function PublicLayout() {
  return (
    <>
      <PublicHeader />
      <main>
        <Outlet />
      </main>
    </>
  );
}
