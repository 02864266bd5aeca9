import { ArrowDown, ArrowUp } from "lucide-react";
import { Button } from "~/components/ui/button";

/**
 * The two submit buttons that move an item of an ordered list one place (intent "move-up" or "move-down"), for a
 * form that names the item; the first cannot go up, the last not down.
 */
export function MoveButtons({ index, count, upLabel, downLabel }: { index: number; count: number; upLabel: string; downLabel: string }) {
  return (
    <>
      <Button type="submit" name="intent" value="move-up" variant="ghost" disabled={index === 0} aria-label={upLabel}>
        <ArrowUp aria-hidden className="size-4" />
      </Button>
      <Button type="submit" name="intent" value="move-down" variant="ghost" disabled={index === count - 1} aria-label={downLabel}>
        <ArrowDown aria-hidden className="size-4" />
      </Button>
    </>
  );
}
