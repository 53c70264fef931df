// The route table, shared by the browser router (router.tsx) and the build-time render of
// the landing page (prerender.tsx), which cannot create a browser router.
import { Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { AppShell } from './components/app-shell.tsx';
import { RequireAuth } from './components/require-auth.tsx';
import { RouteErrorPage } from './components/route-error.page.tsx';
import { HomePage } from './routes/home/home.page.tsx';

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
// Only the landing page is in the first bundle: every other route (the dashboard, /generate
// with its engine and face model, the static pages) is its own chunk, loaded on navigation.
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: 'login',
        lazy: async () => ({
          Component: (await import('./routes/login/login.page.tsx')).LoginPage,
        }),
      },
      {
        path: 'register',
        lazy: async () => ({
          Component: (await import('./routes/register/register.page.tsx')).RegisterPage,
        }),
      },
      {
        path: 'forgot-password',
        lazy: async () => ({
          Component: (await import('./routes/forgot-password/forgot-password.page.tsx'))
            .ForgotPasswordPage,
        }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('./routes/reset-password/reset-password.page.tsx'))
            .ResetPasswordPage,
        }),
      },
      {
        path: 'dashboard',
        lazy: async () => {
          const { DashboardPage } = await import('./routes/dashboard/dashboard.page.tsx');
          return {
            Component: () => (
              <RequireAuth>
                <DashboardPage />
              </RequireAuth>
            ),
          };
        },
      },
      {
        path: 'generate',
        lazy: async () => {
          const { GeneratePage } = await import('./routes/generate/generate.page.tsx');
          return {
            Component: () => (
              <RequireAuth>
                <GeneratePage />
              </RequireAuth>
            ),
          };
        },
      },
      {
        path: 'account',
        lazy: async () => {
          const { AccountPage } = await import('./routes/account/account.page.tsx');
          return {
            Component: () => (
              <RequireAuth>
                <AccountPage />
              </RequireAuth>
            ),
          };
        },
      },
      {
        path: 'invitations/:id',
        lazy: async () => ({
          Component: (await import('./routes/invitation/invitation.page.tsx')).InvitationPage,
        }),
      },
      {
        path: 'account-deleted',
        lazy: async () => ({
          Component: (await import('./routes/account-deleted/account-deleted.page.tsx'))
            .AccountDeletedPage,
        }),
      },
      {
        path: 'billing/demo-checkout',
        lazy: async () => {
          const { DemoCheckoutPage } = await import('./routes/billing/demo-checkout.page.tsx');
          return {
            Component: () => (
              <RequireAuth>
                <DemoCheckoutPage />
              </RequireAuth>
            ),
          };
        },
      },
      {
        path: 'billing/demo-portal',
        lazy: async () => {
          const { DemoPortalPage } = await import('./routes/billing/demo-portal.page.tsx');
          return {
            Component: () => (
              <RequireAuth>
                <DemoPortalPage />
              </RequireAuth>
            ),
          };
        },
      },
      {
        path: 'documentation',
        lazy: async () => ({
          Component: (await import('./routes/documentation/documentation.page.tsx'))
            .DocumentationPage,
        }),
      },
      {
        path: 'api',
        lazy: async () => ({ Component: (await import('./routes/api/api.page.tsx')).ApiPage }),
      },
      {
        path: 'support',
        lazy: async () => ({
          Component: (await import('./routes/support/support.page.tsx')).SupportPage,
        }),
      },
      {
        path: 'privacy-policy',
        lazy: async () => ({
          Component: (await import('./routes/privacy-policy/privacy-policy.page.tsx'))
            .PrivacyPolicyPage,
        }),
      },
      {
        path: 'terms-of-service',
        lazy: async () => ({
          Component: (await import('./routes/terms-of-service/terms-of-service.page.tsx'))
            .TermsOfServicePage,
        }),
      },
      {
        // Unknown addresses get a helpful page inside the site's frame (SPEC shows none).
        path: '*',
        lazy: async () => ({
          Component: (await import('./routes/not-found/not-found.page.tsx')).NotFoundPage,
        }),
      },
    ],
  },
];
