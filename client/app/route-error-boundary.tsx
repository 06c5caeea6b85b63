/**
 * Catches what a screen throws while it renders (or its code failing to load) and shows
 * RouteErrorScreen in its place. Moving to another place shows that place again.
 */
import { Component, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteErrorScreen } from './route-error-screen';

interface BoundaryProps {
  /** The place shown: the error is forgotten when it changes. */
  place: string;
  children: ReactNode;
}

interface BoundaryState {
  error: { value: unknown; place: string } | null;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(value: unknown): Partial<BoundaryState> {
    return { error: { value, place: '' } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    const { error } = state;
    if (!error) return null;
    // Just caught here: remember where. Caught at another place: the user moved on.
    if (error.place === '') return { error: { ...error, place: props.place } };
    return error.place === props.place ? null : { error: null };
  }

  override render() {
    return this.state.error ? (
      <RouteErrorScreen error={this.state.error.value} />
    ) : (
      this.props.children
    );
  }
}

/** The error boundary of the routes below it (in the route table: an element around an Outlet). */
export function RouteErrorBoundary({ children }: { children?: ReactNode }) {
  const { pathname, search } = useLocation();
  return <Boundary place={pathname + search}>{children ?? <Outlet />}</Boundary>;
}
