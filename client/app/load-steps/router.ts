/**
 * A step of the app's evaluation (client/main.tsx): the router's module, evaluated in a task of its
 * own. Re-exports only what the app uses, so importing this step keeps the rest of the package out
 * of the build (a dynamic import of the package itself would keep all of it).
 */
export { UNSAFE_createBrowserHistory, unstable_HistoryRouter, useRoutes } from 'react-router';
