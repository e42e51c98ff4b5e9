// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render.js';
import { NotFoundRoute } from './not-found-route.js';
import { isVisible } from '../../test/visible.js';

afterEach(cleanup);

describe('Not found (SPEC#not-found)', () => {
  it("shows '404', 'Oops! Page not found' and 'Return to Home' to /", () => {
    const { router } = renderApp(<NotFoundRoute />, { path: '*', at: '/no/such/page', routes: [{ path: '/', element: <p>Home page</p> }] });
    expect(isVisible(screen.getByRole('heading', { name: '404' }))).toBe(true);
    expect(isVisible(screen.getByText('Oops! Page not found'))).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
