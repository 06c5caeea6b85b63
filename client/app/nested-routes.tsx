import { useRoutes, type RouteObject } from 'react-router';

/** A route table of its own, matched against what is left of the path below its parent route. */
export function NestedRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
