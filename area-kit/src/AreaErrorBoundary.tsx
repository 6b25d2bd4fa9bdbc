import { Component, type ErrorInfo, type ReactNode } from 'react';

interface AreaErrorBoundaryProps {
  /** Human name of the area, e.g. "Storage". */
  areaTitle: string;
  children?: ReactNode;
}

interface AreaErrorBoundaryState {
  error: Error | null;
}

/** Keeps a rendering error inside the area: it shows what broke and offers to try again. */
export class AreaErrorBoundary extends Component<AreaErrorBoundaryProps, AreaErrorBoundaryState> {
  state: AreaErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): AreaErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The ${this.props.areaTitle} area failed while rendering`, error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" data-area-error="render" style={{ padding: 24 }}>
        <h2 style={{ margin: '0 0 8px' }}>The {this.props.areaTitle} area hit an error</h2>
        <p style={{ margin: '0 0 16px' }}>{error.message}</p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
