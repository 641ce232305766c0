import { Navigate, createHashRouter } from 'react-router';
import { RouteErrorScreen } from './ErrorBoundary';
import { Shell } from './Shell';
import { detailScreens, screens } from './screens';
import { detailRoutePatterns } from '../../src-preload/contract/routes';

/**
 * Hash routing: the renderer is one file served from app://renderer (or the preview server), so the
 * route lives after '#' and a reload never asks the protocol handler for a path that does not exist.
 */
export type AppRouter = ReturnType<typeof createHashRouter>;

export function createAppRouter(): AppRouter {
  return createHashRouter([
    {
      path: '/',
      element: <Shell />,
      // A screen that throws shows the recovery screen (Reload, Copy diagnostics) instead of a blank window.
      errorElement: <RouteErrorScreen />,
      children: [
        { index: true, element: <Navigate to="/clients" replace /> },
        ...screens.map(({ path, Component }) => ({ path, element: <Component /> })),
        { path: detailRoutePatterns.client, element: <detailScreens.client /> },
        { path: detailRoutePatterns.onboarding, element: <detailScreens.onboarding /> },
        { path: detailRoutePatterns.lead, element: <detailScreens.lead /> },
        { path: detailRoutePatterns.document, element: <detailScreens.document /> },
        { path: '*', element: <Navigate to="/clients" replace /> },
      ],
    },
  ]);
}
