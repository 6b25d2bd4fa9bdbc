import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from '@plinth/shared-ui/layout';
import { tokens } from '@plinth/shared-ui/theme';

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
      <div data-area-error="render">
        <ErrorPanel
          title={`The ${this.props.areaTitle} area hit an error`}
          message="This page stopped working. Try again; the rest of the console keeps working."
          retryLabel="Try again"
          onRetry={() => this.setState({ error: null })}
        >
          <details css={{ maxWidth: 520, fontSize: tokens.fontSize.sm, color: tokens.color.textMuted }}>
            <summary css={{ cursor: 'pointer' }}>Technical details</summary>
            <pre css={{ margin: `${tokens.space.sm} 0 0`, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', textAlign: 'left', fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs }}>{error.message}</pre>
          </details>
        </ErrorPanel>
      </div>
    );
  }
}
