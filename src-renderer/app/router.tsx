import { Navigate, createHashRouter } from 'react-router';
import { ClientDetailScreen } from '../features/clients/ClientDetailScreen';
import { DocumentScreen } from '../features/documents/DocumentScreen';
import { LeadDetailScreen } from '../features/leads/LeadDetailScreen';
import { OnboardingDetailScreen } from '../features/onboardings/OnboardingDetailScreen';
import { RouteErrorScreen } from './ErrorBoundary';
import { Layout } from './Layout';
import { screens } from './screens';

/**
 * Hash routing: the renderer is one file served from app://renderer (or the preview server), so the
 * route lives after '#' and a reload never asks the protocol handler for a path that does not exist.
 */
export function createAppRouter() {
  return createHashRouter([
    {
      path: '/',
      element: <Layout />,
      // A screen that throws shows the recovery screen (Reload, Copy diagnostics) instead of a blank window.
      errorElement: <RouteErrorScreen />,
      children: [
        { index: true, element: <Navigate to="/clients" replace /> },
        ...screens.map(({ path, Component }) => ({ path, element: <Component /> })),
        { path: 'clients/:entityKey', element: <ClientDetailScreen /> },
        { path: 'onboardings/:onboardingKey', element: <OnboardingDetailScreen /> },
        { path: 'leads/:leadKey', element: <LeadDetailScreen /> },
        { path: 'documents/:kind/:id', element: <DocumentScreen /> },
        { path: '*', element: <Navigate to="/clients" replace /> },
      ],
    },
  ]);
}
