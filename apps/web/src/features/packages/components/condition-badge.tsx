import { Badge } from '@/components/badge';
import { conditionTone } from '@/components/status-badges';

/** The package's condition on arrival: Not damaged green, Damaged orange, Prohibited Item red. */
export function ConditionBadge({ condition }: { condition: string }) {
  return (
    <Badge tone={conditionTone(condition)} dot>
      {condition || 'N/A'}
    </Badge>
  );
}
