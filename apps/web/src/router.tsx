import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { AppShell } from './components/app-shell.tsx';
import { RequireAuth } from './components/require-auth.tsx';
import { RouteErrorPage } from './components/route-error.page.tsx';
import { ApiPage } from './routes/api/api.page.tsx';
import { DashboardPage } from './routes/dashboard/dashboard.page.tsx';
import { DocumentationPage } from './routes/documentation/documentation.page.tsx';
import { GeneratePage } from './routes/generate/generate.page.tsx';
import { HomePage } from './routes/home/home.page.tsx';
import { LoginPage } from './routes/login/login.page.tsx';
import { PrivacyPolicyPage } from './routes/privacy-policy/privacy-policy.page.tsx';
import { RegisterPage } from './routes/register/register.page.tsx';
import { SupportPage } from './routes/support/support.page.tsx';
import { TermsOfServicePage } from './routes/terms-of-service/terms-of-service.page.tsx';

function RootLayout() {
  return (
    <AppShell>
      <ScrollRestoration />
      <Outlet />
    </AppShell>
  );
}

// SPEC §2 routes. DESIGN D6: /dashboard is for every signed-in user, so neither guard
// asks for a paid plan.
export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'register', element: <RegisterPage /> },
      {
        path: 'dashboard',
        element: (
          <RequireAuth>
            <DashboardPage />
          </RequireAuth>
        ),
      },
      {
        path: 'generate',
        element: (
          <RequireAuth>
            <GeneratePage />
          </RequireAuth>
        ),
      },
      { path: 'documentation', element: <DocumentationPage /> },
      { path: 'api', element: <ApiPage /> },
      { path: 'support', element: <SupportPage /> },
      { path: 'privacy-policy', element: <PrivacyPolicyPage /> },
      { path: 'terms-of-service', element: <TermsOfServicePage /> },
    ],
  },
]);
