// Move up / move down (spec section 4, Reordering): the item and its neighbour swap their order
// values. The database applies the two updates in one transaction (a reorder RPC); this module only
// decides which two rows change.

export interface Orderable {
  id: string;
  order: number;
}

export interface OrderUpdate {
  id: string;
  order: number;
}

/**
 * The two updates that move `id` one place up or down among `items` (sorted by order first,
 * on a copy), or null when nothing should happen: the first item moved up, the last moved down,
 * or an id that is not in the list.
 */
export function neighbourSwap(
  items: readonly Orderable[],
  id: string,
  direction: "up" | "down",
): [OrderUpdate, OrderUpdate] | null {
  const sorted = [...items].sort((a, b) => a.order - b.order);
  const index = sorted.findIndex((item) => item.id === id);
  if (index === -1) return null;
  const item = sorted[index];
  const neighbour = sorted[direction === "up" ? index - 1 : index + 1];
  if (!item || !neighbour) return null;
  return [
    { id: item.id, order: neighbour.order },
    { id: neighbour.id, order: item.order },
  ];
}

/**
 * Stages are reordered within their own category: the neighbour is looked for only among the
 * items that share the moved item's category.
 */
export function neighbourSwapInCategory<T extends Orderable & { category: string }>(
  items: readonly T[],
  id: string,
  direction: "up" | "down",
): [OrderUpdate, OrderUpdate] | null {
  const item = items.find((candidate) => candidate.id === id);
  if (!item) return null;
  return neighbourSwap(
    items.filter((candidate) => candidate.category === item.category),
    id,
    direction,
  );
}

/**
 * The order a new item gets by default: one past the largest, 0 for an empty list, so new items
 * land last and the swap above never meets two equal orders from our own defaults.
 */
export function nextOrder(items: readonly Orderable[]): number {
  return items.reduce((max, item) => Math.max(max, item.order + 1), 0);
}
