import { isPaid } from '@glowreel/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../lib/auth-context.ts';
import { LoadingScreen } from './loading-screen.tsx';

const PAID_FALLBACK_PATH = '/dashboard';

interface RequireAuthProps {
  children: ReactNode;
  /** SPEC §2: an active plan other than free; unmet sends the user to /dashboard. */
  requirePaid?: boolean;
}

/** SPEC §2 route guard, with DESIGN D6: it never redirects a page to itself. */
export function RequireAuth({ children, requirePaid = false }: RequireAuthProps) {
  const auth = useAuth();
  const location = useLocation();

  if (auth.status === 'loading') return <LoadingScreen />;
  if (auth.status === 'signed-out') {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  if (requirePaid && !isPaid(auth.profile) && location.pathname !== PAID_FALLBACK_PATH) {
    return <Navigate to={PAID_FALLBACK_PATH} replace />;
  }
  return children;
}
