import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The DOM build of RouterProvider, so navigate(..., { flushSync: true }) is honoured.
import { RouterProvider } from 'react-router/dom';
import { AuthProvider } from './components/auth-provider.tsx';
import './index.css';
import { router } from './router.tsx';

const queryClient = new QueryClient();

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
