import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../PageLoader/PageLoader.js';
import { PublicHeader } from './PublicHeader.js';

export function PublicLayout() {
  return (
    <>
      <PublicHeader />
      <main>
        {/* The header stays while a page's chunk loads. */}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
