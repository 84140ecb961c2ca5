import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from '../pages/route-error-page';

interface Props {
  children: ReactNode;
  /** A change (another address) clears the error and renders the children again. */
  resetKey?: string;
}

/** Catches what a page throws while rendering (a chunk that failed to load, a crash): RouteErrorPage instead. */
export class RouteErrorBoundary extends Component<Props, { error: unknown; key?: string }> {
  state: { error: unknown; key?: string } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key?: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
