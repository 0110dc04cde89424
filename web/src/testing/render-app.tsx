import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';

/** Render the whole app (real route table, guards, providers) at a path, over msw-mocked HTTP. */
export function renderApp(path: string, options: { queryClient?: QueryClient } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = options.queryClient ?? createQueryClient();
  const user = userEvent.setup();
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  /** Current location of the router, e.g. '/dashboard?tab=profile'. */
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...utils, router, queryClient, user, location };
}

/** The toast on screen (Radix renders toasts as list items inside the notifications region). */
export async function findToast() {
  return screen.findByTestId('toast');
}

export { screen, within };
