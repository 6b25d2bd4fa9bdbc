import { tokens } from '@plinth/shared-ui/theme';
import type { ExplainPlan, PlanNode } from './plan-tree';

const c = tokens.color;
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

function facts(node: PlanNode): string {
  const parts: string[] = [];
  if (node.cost) parts.push(`cost ${numberFormat.format(node.cost.startup)}..${numberFormat.format(node.cost.total)}`);
  if (node.estimatedRows !== null) parts.push(`${numberFormat.format(node.estimatedRows)} rows estimated`);
  if (node.actual) {
    parts.push(`${numberFormat.format(node.actual.rows)} rows in ${numberFormat.format(node.actual.ms)} ms${node.actual.loops > 1 ? ` × ${numberFormat.format(node.actual.loops)} loops` : ''}`);
  }
  return parts.join(' · ');
}

function Node({ node }: { node: PlanNode }) {
  return (
    <li role="treeitem" aria-expanded={node.children.length ? true : undefined} aria-label={node.title} css={{ listStyle: 'none', margin: 0 }}>
      <div css={{ padding: `${tokens.space.xs} ${tokens.space.sm}`, border: `1px solid ${c.border}`, borderRadius: tokens.radius.md, background: c.surfaceRaised, marginBottom: tokens.space.xs }}>
        <div css={{ fontWeight: tokens.fontWeight.medium }}>{node.title}</div>
        <div css={{ color: c.textMuted, fontSize: tokens.fontSize.xs }}>{facts(node)}</div>
        {node.details.map((detail) => (
          <div key={detail} css={{ fontFamily: tokens.font.mono, fontSize: tokens.fontSize.xs, overflowWrap: 'anywhere' }}>
            {detail}
          </div>
        ))}
      </div>
      {node.children.length ? (
        <ul role="group" css={{ margin: 0, paddingLeft: tokens.space.lg, borderLeft: `2px solid ${c.border}`, marginLeft: tokens.space.sm }}>
          {node.children.map((child, i) => (
            <Node key={i} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** An EXPLAIN plan as an indented tree, root first, with estimates and (after ANALYZE) what really happened. */
export function PlanTree({ plan }: { plan: ExplainPlan }) {
  const times = [plan.planningMs !== null ? `Planning ${numberFormat.format(plan.planningMs)} ms` : null, plan.executionMs !== null ? `Execution ${numberFormat.format(plan.executionMs)} ms` : null].filter(Boolean);
  return (
    <section aria-label="Query plan" css={{ display: 'flex', flexDirection: 'column', gap: tokens.space.sm, overflow: 'auto', maxHeight: 'min(60vh, 560px)' }}>
      {times.length ? <p css={{ margin: 0, color: c.textMuted, fontSize: tokens.fontSize.xs }}>{times.join(' · ')}</p> : null}
      <ul role="tree" aria-label="Plan tree" css={{ margin: 0, padding: 0 }}>
        <Node node={plan.root} />
      </ul>
    </section>
  );
}
