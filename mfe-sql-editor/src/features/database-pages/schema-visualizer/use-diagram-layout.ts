import { useEffect, useState } from 'react';
import type { DiagramLayout, DiagramModel } from './diagram-model';

type LayoutState = { model: DiagramModel; layout: DiagramLayout; error?: undefined } | { model: DiagramModel; layout?: undefined; error: unknown };

/**
 * The layout of a diagram, computed once per model (a refetch that brings the same graph keeps the
 * model, so nothing is laid out again; pan and zoom never are). The layout library is fetched here,
 * the first time a diagram is drawn, so no other page loads it.
 */
export function useDiagramLayout(model: DiagramModel | null): { layout: DiagramLayout | null; error: unknown; retry: () => void } {
  const [state, setState] = useState<LayoutState | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!model || !model.tables.length) return;
    let live = true;
    import('./diagram-layout')
      .then(({ layoutDiagram }) => layoutDiagram(model))
      .then(
        (layout) => live && setState({ model, layout }),
        (error: unknown) => live && setState({ model, error }),
      );
    return () => {
      live = false;
    };
  }, [model, attempt]);
  const current = state && state.model === model ? state : null;
  return {
    layout: current?.layout ?? null,
    error: current?.error,
    retry: () => {
      setState(null);
      setAttempt((n) => n + 1);
    },
  };
}
